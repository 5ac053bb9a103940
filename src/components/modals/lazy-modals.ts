"use client";
import type { ComponentProps } from "react";
import { lazyWhenShown } from "@/components/lazy";
import type { ModelNotSupportedModal as ModelNotSupported } from "./model-not-supported-modal";
import type { PsychologicalImageModal as PsychologicalImage } from "./psychological-image-modal";
import type { SupportModal as Support } from "./support-modal";

/**
 * The modals that open after something happens (an answer of the model, an error), as lazy parts:
 * their code (radix Tabs among it) is not in the page's first load. Same props as the modals themselves.
 */
export const ModelNotSupportedModal = lazyWhenShown<ComponentProps<typeof ModelNotSupported>>(
  () => import("./model-not-supported-modal").then((m) => m.ModelNotSupportedModal),
  (p) => p.error !== null,
);

export const SupportModal = lazyWhenShown<ComponentProps<typeof Support>>(
  () => import("./support-modal").then((m) => m.SupportModal),
  (p) => p.support !== null,
);

export const PsychologicalImageModal = lazyWhenShown<ComponentProps<typeof PsychologicalImage>>(
  () => import("./psychological-image-modal").then((m) => m.PsychologicalImageModal),
  (p) => p.open,
);
