"use client";
import { HelpCircle } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { errorMessage } from "@/client/errors";
import { useSaveEntry } from "@/client/entries/save";
import { useToast } from "@/components/feedback/toast";
import { ReflectionQuestions } from "@/components/reflection-questions";
import type { EntryDto } from "@/contracts/entries";
import { savePayloadOf } from "@/domain/editor";
import { answerQuestion, parseQuestions } from "@/domain/reflection";

/**
 * The reflection questions kept with an entry, on its page: each can be answered in place, and the answer is
 * saved into the entry under its question through the editor's one save (offline, it waits on this device).
 */
export function EntryReflection({ entry }: { entry: EntryDto }) {
  const questions = parseQuestions(entry.ai_questions);
  const save = useSaveEntry();
  const toast = useToast();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  if (questions.length === 0) return null;

  const onAnswer = async (question: string, answer: string) => {
    setError(null);
    try {
      const content = answerQuestion(entry.content, question, answer);
      const outcome = await save({ entry, newId: entry.id, payload: savePayloadOf(entry, content) }, []);
      if (outcome.kind === "kept-on-device")
        toast.success(
          "Your answer is saved on this device. It will be added to your journal when the connection returns.",
        );
      else if (outcome.kind === "conflict-copy") {
        toast.success(
          "This entry was changed elsewhere meanwhile. Both versions are kept: yours, with your answer, is saved as a copy.",
          undefined,
          { page: "/timeline" },
        );
        router.push("/timeline");
      }
      return true;
    } catch (err) {
      console.warn("Failed to add the answer", err);
      setError(`Your answer was not added: ${errorMessage(err)}`);
      return false;
    }
  };

  return (
    <section
      aria-labelledby="reflect-title"
      data-testid="entry-reflection"
      className="mt-6 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <h2 id="reflect-title" className="flex items-center gap-2 text-sm font-semibold text-stone-900">
        <HelpCircle className="h-4 w-4 text-brand-600" aria-hidden />
        Reflect further
      </h2>
      <p className="mt-1 text-xs text-stone-500">Answer a question here; your answer is added to the entry under it.</p>
      <ReflectionQuestions className="-mx-2 mt-2" questions={questions} content={entry.content} onAnswer={onAnswer} />
      {error && (
        <p role="alert" className="mt-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
    </section>
  );
}
