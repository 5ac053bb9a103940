"use client";
import { lazyWhenShown } from "@/components/lazy";
import type { CheckInSheetProps } from "./check-in-sheet";

/** The check-in sheet's code comes when it first opens (or when the browser is idle), not with the page. */
export const CheckInSheet = lazyWhenShown<CheckInSheetProps>(
  () => import("./check-in-sheet").then((m) => m.CheckInSheet),
  (p) => p.open,
);
