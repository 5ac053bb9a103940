"use client";
import { Brain, Check, Copy, Loader2 } from "lucide-react";
import { Tabs } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import type { PsychologicalImageAnalysisDto } from "@/contracts/ai";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { COPY_CONFIRMATION_MS } from "@/domain/constants";

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section>
      <h3 className="text-sm font-semibold text-stone-900">{title}</h3>
      <div className="mt-1 text-sm text-stone-700">{children}</div>
    </section>
  );
}

function Chips({ items }: { items: string[] }) {
  if (!items.length) return <p className="text-stone-400">None noted.</p>;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {items.map((i) => (
        <li key={i} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs text-brand-900">
          {i}
        </li>
      ))}
    </ul>
  );
}

function ReflectionQuestion({ index, question }: { index: number; question: string }) {
  const [answer, setAnswer] = useState("");
  const [copied, setCopied] = useState<"ok" | "failed" | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const id = `reflection-${index}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(answer.trim() ? `${question}\n\n${answer.trim()}` : question);
      setCopied("ok");
    } catch {
      setCopied("failed");
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(null), COPY_CONFIRMATION_MS);
  };
  return (
    <li className="rounded-xl border border-stone-200 p-3">
      <label htmlFor={id} className="block text-sm font-medium text-stone-900">
        {question}
      </label>
      <textarea
        id={id}
        rows={3}
        value={answer}
        onChange={(e) => setAnswer(e.target.value)}
        placeholder="Write your thoughts..."
        className="mt-2 block w-full resize-y rounded-lg border border-stone-200 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none"
      />
      <div className="mt-2 flex items-center gap-2">
        <Button variant="ghost" size="sm" onClick={copy} aria-label={`Copy reflection ${index + 1}`}>
          {copied === "ok" ? (
            <Check className="h-4 w-4 text-green-600" aria-hidden />
          ) : (
            <Copy className="h-4 w-4" aria-hidden />
          )}
          Copy
        </Button>
        <span role="status" className="text-xs text-stone-600">
          {copied === "ok"
            ? "Copied to clipboard"
            : copied === "failed"
              ? "Could not copy. Select the text and copy it by hand."
              : ""}
        </span>
      </div>
    </li>
  );
}

/** Psychological Image Analysis (spec section 2): Overview, Insights, Reflection and "Close Analysis". */
export function PsychologicalImageModal({
  open,
  loading,
  analysis,
  imageUrl,
  onClose,
}: {
  open: boolean;
  loading: boolean;
  analysis: PsychologicalImageAnalysisDto | null;
  imageUrl?: string;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && onClose()}
      wide
      title={
        <span className="flex items-center gap-2">
          <Brain className="h-5 w-5 text-brand-600" aria-hidden />
          Psychological Image Analysis
        </span>
      }
      footer={<Button onClick={onClose}>Close Analysis</Button>}
    >
      {loading || !analysis ? (
        <p role="status" className="flex items-center justify-center gap-2 py-10 text-stone-600">
          <Loader2 className="h-5 w-5 animate-spin text-brand-600" aria-hidden />
          Looking closely at your image...
        </p>
      ) : (
        <Tabs.Root defaultValue="overview">
          <Tabs.List aria-label="Analysis" className="grid grid-cols-3 gap-1 rounded-xl bg-stone-100 p-1">
            {["Overview", "Insights", "Reflection"].map((t) => (
              <Tabs.Trigger
                key={t}
                value={t.toLowerCase()}
                className="rounded-lg px-2 py-1.5 text-sm font-medium text-stone-600 data-[state=active]:bg-white data-[state=active]:text-brand-700 data-[state=active]:shadow-sm"
              >
                {t}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="overview" className="mt-4 space-y-4 focus-visible:outline-none">
            {imageUrl && (
              // eslint-disable-next-line @next/next/no-img-element -- a local object URL of the person's own file
              <img src={imageUrl} alt="" className="max-h-48 w-full rounded-xl object-cover" />
            )}
            <Section title="Description">{analysis.description}</Section>
            <Section title="Mood assessment">{analysis.mood_assessment}</Section>
            <Section title="Environment">{analysis.environmental_context}</Section>
          </Tabs.Content>
          <Tabs.Content value="insights" className="mt-4 space-y-4 focus-visible:outline-none">
            <Section title="Emotional indicators">
              <Chips items={analysis.emotional_indicators} />
            </Section>
            <Section title="Insights to reflect on">
              <ul className="list-disc space-y-1 pl-5">
                {analysis.therapeutic_insights.map((i) => (
                  <li key={i}>{i}</li>
                ))}
              </ul>
            </Section>
            <Section title="Themes">
              <Chips items={analysis.psychological_themes} />
            </Section>
            <Section title="Suggested tags">
              <Chips items={analysis.suggested_tags} />
            </Section>
          </Tabs.Content>
          <Tabs.Content value="reflection" className="mt-4 focus-visible:outline-none">
            <p className="text-sm text-stone-600">
              Take a moment with these questions. Your answers stay here unless you copy them.
            </p>
            <ol className="mt-3 space-y-3">
              {analysis.reflection_questions.map((q, i) => (
                <ReflectionQuestion key={q} index={i} question={q} />
              ))}
            </ol>
          </Tabs.Content>
        </Tabs.Root>
      )}
    </Modal>
  );
}
