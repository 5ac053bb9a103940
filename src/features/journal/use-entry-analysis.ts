"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import { analyzeText, detectCrisis, motivationalSupport } from "@/client/ai";
import type { SupportDto, TextAnalysisDto } from "@/contracts/ai";
import { ANALYSIS_DEBOUNCE_MS } from "@/domain/constants";
import type { CrisisSeverity } from "@/domain/crisis/levels";
import { offeredSeverity, shouldAnalyze, supportDecision } from "@/domain/editor";

export type AnalysisStatus = "idle" | "analyzing" | "done" | "failed";

/**
 * AI analysis in the editor (spec section 4). Call `contentChanged` on every change of the text:
 * - a change cancels the pending pause and any request in flight, so no older answer can ever
 *   replace a newer one;
 * - after a 1-second pause, when the trimmed text is over 50 characters, mood analysis and crisis
 *   detection run in parallel;
 * - the crisis rule asks for motivational support and opens the support modal, at most once per
 *   editing session unless the severity rises. Failures are only logged.
 */
export function useEntryAnalysis(initial: TextAnalysisDto | null = null, initialModel: string | null = null) {
  const [analysis, setAnalysis] = useState<TextAnalysisDto | null>(initial);
  /** The model that produced the shown analysis (the saved one's, null when not known). */
  const [model, setModel] = useState<string | null>(initial ? initialModel : null);
  const [status, setStatus] = useState<AnalysisStatus>(initial ? "done" : "idle");
  const [support, setSupport] = useState<SupportDto | null>(null);
  /** Whether the shown analysis belongs to this session (and so is saved with the entry). */
  const [fresh, setFresh] = useState(false);

  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inFlight = useRef<AbortController | null>(null);
  const seq = useRef(0);
  const offered = useRef<CrisisSeverity | null>(null);
  const hasAnalysis = useRef(!!initial);
  useEffect(() => {
    hasAnalysis.current = !!analysis;
  }, [analysis]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      inFlight.current?.abort();
    },
    [],
  );

  const run = useCallback(async (content: string, mine: number) => {
    const ctrl = new AbortController();
    inFlight.current = ctrl;
    setStatus("analyzing");
    const [a, c] = await Promise.allSettled([analyzeText(content, ctrl.signal), detectCrisis(content, ctrl.signal)]);
    if (ctrl.signal.aborted || mine !== seq.current) return; // a newer change took over
    inFlight.current = null;
    if (a.status === "fulfilled") {
      setAnalysis(a.value.analysis);
      setModel(a.value.model);
      setFresh(true);
      setStatus("done");
    } else {
      console.warn("Mood analysis failed", a.reason);
      setStatus((s) => (s === "analyzing" ? "failed" : s));
    }
    if (c.status === "rejected") {
      console.warn("Crisis detection failed", c.reason);
      return;
    }
    const mood = a.status === "fulfilled" ? a.value.analysis.mood_score : null;
    if (!supportDecision(c.value, mood, offered.current)) return;
    const before = offered.current;
    offered.current = offeredSeverity(c.value);
    try {
      // Not tied to later keystrokes: once support is due, it is not cancelled by more typing.
      const res = await motivationalSupport(content);
      setSupport(res.support);
    } catch (err) {
      console.warn("Motivational support failed", err);
      offered.current = before;
    }
  }, []);

  const contentChanged = useCallback(
    (content: string) => {
      clearTimeout(timer.current);
      inFlight.current?.abort();
      inFlight.current = null;
      const mine = ++seq.current;
      // The request in flight was cancelled: the panel stops loading until the next pause.
      setStatus((s) => (s === "analyzing" ? (hasAnalysis.current ? "done" : "idle") : s));
      if (!shouldAnalyze(content)) return;
      timer.current = setTimeout(() => void run(content, mine), ANALYSIS_DEBOUNCE_MS);
    },
    [run],
  );

  return { analysis, model, status, fresh, support, closeSupport: () => setSupport(null), contentChanged };
}
