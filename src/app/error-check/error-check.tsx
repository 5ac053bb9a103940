"use client";

export function ErrorCheck(): never {
  throw new Error("This is a deliberate error to check the error screen.");
}
