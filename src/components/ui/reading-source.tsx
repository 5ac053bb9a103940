import Link from "next/link";
import { readingSource, storedReadingSource, type ReadingKind } from "@/domain/models";

/** Where a model is chosen (Settings, the AI model section). */
export const CHOOSE_MODEL_HREF = "/settings#model";

/**
 * The quiet line that says what produced a reading: "Basic reading, no AI model" with a link to choosing a model
 * for the built-in offline analyzer, the model's name for Ollama, and "cloud model" for Gemini and OpenAI.
 * `stored`: the source kept with an entry's reading, where an unknown one (null) shows no line rather than a guess.
 */
export function ReadingSource({
  model,
  className,
  stored = false,
}: {
  model: string | null | undefined;
  className?: string;
  stored?: boolean;
}) {
  const source = stored ? storedReadingSource(model) : readingSource(model);
  if (!source) return null;
  return <ReadingLine kind={source.kind} text={source.label} className={className} />;
}

/** One quiet line about readings; a basic (offline) one links to choosing a model. */
export function ReadingLine({ kind, text, className }: { kind: ReadingKind; text: string; className?: string }) {
  return (
    <p className={`text-xs text-stone-500 ${className ?? ""}`} data-testid="reading-source" data-kind={kind}>
      {text}
      {kind === "offline" && (
        <>
          {" · "}
          <Link href={CHOOSE_MODEL_HREF} className="font-medium text-brand-700 underline-offset-2 hover:underline">
            Choose a model
          </Link>
        </>
      )}
    </p>
  );
}
