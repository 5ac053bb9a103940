"use client";
import { lazyWhenShown } from "@/components/lazy";

/** The in-app reminder note, kept out of every screen's first-load JavaScript (it loads when the browser is idle). */
export const ReminderNudge = lazyWhenShown(() => import("./reminder-nudge").then((m) => m.ReminderNudge));
