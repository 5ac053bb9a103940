import type { MoodStyle } from "@/domain/mood";

/** The colours of a mood (its badge, its bar), shared by the editor's insights and the entry page. */
export const MOOD_COLOR_CLASSES: Record<MoodStyle["color"], { bg: string; text: string; bar: string }> = {
  green: { bg: "bg-green-50 border-green-200", text: "text-green-800", bar: "bg-green-500" },
  lime: { bg: "bg-lime-50 border-lime-200", text: "text-lime-800", bar: "bg-lime-500" },
  amber: { bg: "bg-amber-50 border-amber-200", text: "text-amber-800", bar: "bg-amber-500" },
  red: { bg: "bg-red-50 border-red-200", text: "text-red-800", bar: "bg-red-500" },
  gray: { bg: "bg-stone-50 border-stone-200", text: "text-stone-700", bar: "bg-stone-400" },
};
