import { Cloud, HardDrive } from "lucide-react";
import { whereWordsGo } from "@/domain/models";

/**
 * The short line that says where the words go when the chosen model reads them: "Stays on this server" for the
 * offline analyzer and Ollama, "Sent to Google Gemini" or "Sent to OpenAI" for a cloud model. Nothing is shown
 * until the model is known.
 */
export function WordsCue({ model, className }: { model: string | null | undefined; className?: string }) {
  if (model === undefined) return null;
  const where = whereWordsGo(model);
  const Icon = where.place === "cloud" ? Cloud : HardDrive;
  return (
    <span
      className={`inline-flex items-center gap-1 text-xs text-stone-500 ${className ?? ""}`}
      data-testid="words-cue"
      data-place={where.place}
    >
      <Icon className="h-3.5 w-3.5 shrink-0" aria-hidden />
      {where.label}
    </span>
  );
}
