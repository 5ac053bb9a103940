"use client";
import { useState } from "react";
import { CheckInSheet } from "./lazy-sheet";

/** The phone's tab bar: check in from any screen. */
export function CheckInTab() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="flex w-full flex-col items-center gap-0.5 py-2 text-[11px] font-medium text-stone-500"
        data-testid="tab-check-in"
      >
        <span aria-hidden className="text-[20px] leading-5">
          😊
        </span>
        <span>Check in</span>
      </button>
      <CheckInSheet open={open} onOpenChange={setOpen} />
    </>
  );
}
