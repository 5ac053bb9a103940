"use client";
import { Cpu, Lightbulb, Settings } from "lucide-react";
import { useRouter } from "next/navigation";
import type { CapabilityError } from "@/client/ai";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { RECOMMENDED_MODELS } from "@/domain/models";

/**
 * "{Feature} Not Supported" (spec section 8): the current model cannot take this kind of input.
 * Shows the model, the recommended models, a tip, the technical details, Close and "Open Settings".
 */
export function ModelNotSupportedModal({ error, onClose }: { error: CapabilityError | null; onClose: () => void }) {
  const router = useRouter();
  const feature = error?.feature ?? "Media";
  return (
    <Modal
      open={!!error}
      onOpenChange={(open) => !open && onClose()}
      title={`${feature} Not Supported`}
      description={error?.message ?? `${feature} processing is not supported by the current model`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button
            onClick={() => {
              onClose();
              router.push("/settings");
            }}
          >
            <Settings className="h-4 w-4" aria-hidden />
            Open Settings
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm text-stone-700">
        <div className="flex items-center gap-2 rounded-xl bg-stone-50 px-3 py-2">
          <Cpu className="h-4 w-4 shrink-0 text-stone-500" aria-hidden />
          <span>
            Current model: <code className="font-mono text-stone-900">{error?.model || "unknown"}</code>
          </span>
        </div>
        <div>
          <h3 className="font-medium text-stone-900">Recommended models</h3>
          <ul className="mt-2 grid gap-1.5 sm:grid-cols-2" aria-label="Recommended models">
            {RECOMMENDED_MODELS.map((m) => (
              <li
                key={m}
                className="rounded-lg border border-brand-100 bg-brand-50 px-3 py-1.5 font-mono text-xs text-brand-900"
              >
                {m}
              </li>
            ))}
          </ul>
        </div>
        <p className="flex gap-2 rounded-xl bg-amber-50 p-3 text-amber-900">
          <Lightbulb className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>
            <strong className="font-semibold">Tip:</strong> switch to one of these models in Settings to use{" "}
            {feature.toLowerCase()} features.
          </span>
        </p>
        {error?.original && (
          <details className="rounded-xl border border-stone-200 p-3">
            <summary className="cursor-pointer font-medium text-stone-800">Technical details</summary>
            <p className="mt-2 break-words font-mono text-xs text-stone-600">{error.original}</p>
          </details>
        )}
      </div>
    </Modal>
  );
}
