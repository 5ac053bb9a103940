"use client";
import { useState } from "react";
import { useEmbeddingProgress, useSetEmbeddingModel } from "@/client/ask";
import { Button } from "@/components/ui/button";

export const EMBEDDING_LABEL = "Recall by meaning (embedding model)";
export const EMBEDDING_EXAMPLES = [
  "ollama/nomic-embed-text",
  "openai/text-embedding-3-small",
  "gemini/gemini-embedding-001",
];

/** The progress line: how many entries have a vector of the model set. */
export function embeddingProgressLine(p: {
  model: string | null;
  embedded: number;
  total: number;
  running: boolean;
  error: string | null;
}): string {
  if (!p.model) return "Off: questions about your journal are answered by matching words.";
  if (p.error) return `Embedded ${p.embedded} of ${p.total} entries. The last try failed: ${p.error}`;
  if (p.embedded >= p.total)
    return `All ${p.total} ${p.total === 1 ? "entry is" : "entries are"} embedded with ${p.model}.`;
  return `Embedding entries with ${p.model}: ${p.embedded} of ${p.total}${p.running ? "..." : "."}`;
}

/**
 * The embedding model for recall by meaning: none by default. With one, each entry's title, text and tags
 * are sent to that model only, and the vectors it gives back are kept in the journal's own database.
 */
export function EmbeddingSetting({ className }: { className?: string }) {
  const progress = useEmbeddingProgress();
  const save = useSetEmbeddingModel();
  const current = progress.data?.model ?? "";
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? current;
  return (
    <div className={className} data-testid="embedding-setting">
      <label htmlFor="embedding-model" className="block text-sm font-medium text-stone-800">
        {EMBEDDING_LABEL}
      </label>
      <p className="mt-1 text-sm text-stone-600">
        Optional. With an embedding model, Ask and Search by meaning find entries by what they mean, not only by their
        words. Each entry&apos;s title, text and tags are sent to that model only; the numbers it gives back are kept in
        your journal&apos;s database. Examples: {EMBEDDING_EXAMPLES.join(", ")}. Leave empty for none.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <input
          id="embedding-model"
          value={value}
          onChange={(e) => setDraft(e.target.value)}
          placeholder="ollama/nomic-embed-text"
          className="h-10 min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-3 text-sm"
        />
        <Button
          type="button"
          disabled={save.isPending || value.trim() === current}
          onClick={() => save.mutate(value.trim(), { onSuccess: () => setDraft(null) })}
        >
          Save
        </Button>
      </div>
      {save.error && (
        <p role="alert" className="mt-1 text-xs text-red-700">
          {save.error.message}
        </p>
      )}
      {progress.data && (
        <p className="mt-2 text-xs text-stone-600" role="status" data-testid="embedding-progress">
          {embeddingProgressLine(progress.data)}
        </p>
      )}
    </div>
  );
}
