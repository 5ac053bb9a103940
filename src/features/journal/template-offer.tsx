"use client";
import { lazyWhenShown } from "@/components/lazy";
import type { TemplatePickerProps } from "./template-picker";

/** The template row's code and its list come when a new entry is empty, not with the editor. */
export const TemplateOffer = lazyWhenShown<TemplatePickerProps>(
  () => import("./template-picker").then((m) => m.TemplatePicker),
  (p) => p.open,
);
