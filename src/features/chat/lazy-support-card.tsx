"use client";
import type { ComponentProps } from "react";
import { lazyWhenShown } from "@/components/lazy";
import type { SupportCard as Card } from "./support-card";

/** The chat's support card with the country's lines: its code (and the table of lines) loads when the browser is idle, not with the chat. */
export const SupportCard = lazyWhenShown<ComponentProps<typeof Card>>(() =>
  import("./support-card").then((m) => m.SupportCard),
);
