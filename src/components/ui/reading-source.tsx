import Link from "next/link";
import { readingSource } from "@/domain/models";

/**
 * The quiet line that says what produced a reading: "Basic reading, no AI model" with a link to choosing a model
 * for the built-in offline analyzer, the model's name for Ollama, and "cloud model" for Gemini and OpenAI.
 */
export function ReadingSource({ model, className }: { model: string | null | undefined; className?: string }) {
  const source = readingSource(model);
  return (
    <p className={`text-xs text-stone-500 ${className ?? ""}`} data-testid="reading-source" data-kind={source.kind}>
      {source.label}
      {source.kind === "offline" && (
        <>
          {" · "}
          <Link href="/settings#model" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            Choose a model
          </Link>
        </>
      )}
    </p>
  );
}
