"use client";
import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { readLocal, removeLocal, writeLocal } from "@/client/storage";
import type { EntryDto } from "@/contracts/entries";
import {
  askedEntryDay,
  draftHasContent,
  emptyFields,
  localDateInputValue,
  parseDraft,
  type EditorDraft,
  type EditorFields,
} from "@/domain/editor";
import { askedPromptDay } from "@/domain/prompt-link";
import { applyTemplate, isUntouchedTemplate, stripUnansweredPrompts, type TemplateGuide } from "@/domain/templates";
import { editorFieldsOf } from "./editor-parts";

export const DRAFT_KEY = "journal-draft";

/**
 * The editor's fields and the draft of a new entry. A new entry's fields are kept on this device as a
 * draft (300 ms after the last change, and as the page goes) and put back when the editor opens again;
 * an entry being edited keeps no draft. `dropDraft` forgets the draft for good: the words are saved, or
 * the person discarded them.
 */
export function useEntryDraft(entry: EntryDto | undefined, contentChanged: (content: string) => void) {
  const isEdit = !!entry;
  const [today] = useState(() => localDateInputValue(new Date()));
  // "Write about this day" from the calendar opens a new entry on that day (`?date=YYYY-MM-DD`, not in the future).
  // The router's parameters, not window.location: after a link is followed the address changes once the page has rendered.
  const search = useSearchParams();
  const [asked] = useState(() => (search ? askedEntryDay(search, today) : null));
  const [baseline] = useState<EditorFields>(() => (entry ? editorFieldsOf(entry) : emptyFields(asked ?? today)));
  const [restored] = useState<EditorDraft | null>(() =>
    entry ? null : parseDraft(readLocal<unknown>(DRAFT_KEY, null)),
  );
  // "Write about this" on Home opens a new entry on the day's prompt (`?prompt=YYYY-MM-DD`); a kept draft wins.
  const [promptDay] = useState(() => (entry || restored || !search ? null : askedPromptDay(search, today)));
  const [fields, setFields] = useState<EditorFields>(() =>
    restored ? { ...restored, date: asked ?? (restored.date || today) } : baseline,
  );
  const [showRestored, setShowRestored] = useState(!!restored);
  // The template the entry started from: its prompts are guide lines, not saved unless answered.
  const [guide, setGuide] = useState<TemplateGuide | null>(() => restored?.guide ?? null);
  const guideRef = useRef(guide);
  const leaving = useRef(false);
  const fieldsRef = useRef(fields);
  useEffect(() => {
    fieldsRef.current = fields;
    guideRef.current = guide;
  });
  // The prompts come after the page; the entry starts on the day's prompt unless something was written first.
  useEffect(() => {
    if (!promptDay) return;
    let live = true;
    void import("@/domain/prompts").then(({ promptGuide }) => {
      if (!live || fieldsRef.current.content !== "" || guideRef.current) return;
      const start = promptGuide(promptDay);
      guideRef.current = start;
      setGuide(start);
      setFields((f) => ({ ...f, content: applyTemplate(start) }));
    });
    return () => {
      live = false;
    };
  }, [promptDay]);

  // A restored draft is analysed like freshly typed text.
  useEffect(() => {
    if (restored) contentChanged(restored.content);
  }, [restored, contentChanged]);

  const flushDraft = useCallback(() => {
    if (isEdit || leaving.current) return;
    const f = fieldsRef.current;
    const g = guideRef.current;
    // A template as applied, with nothing written in it, is not a draft to keep.
    const words = isUntouchedTemplate(f.content, g) ? { ...f, content: "" } : f;
    if (draftHasContent(words))
      writeLocal<EditorDraft>(DRAFT_KEY, { ...f, guide: g, version: 1, saved_at: new Date().toISOString() });
    else removeLocal(DRAFT_KEY);
  }, [isEdit]);

  useEffect(() => {
    if (isEdit) return;
    const t = setTimeout(flushDraft, 300);
    return () => clearTimeout(t);
  }, [fields, guide, isEdit, flushDraft]);

  const dropDraft = useCallback(() => {
    leaving.current = true;
    if (!isEdit) removeLocal(DRAFT_KEY);
  }, [isEdit]);

  return {
    today,
    baseline,
    fields,
    setFields,
    fieldsRef,
    guide,
    guideRef,
    /** Starts the entry from a template (or from a blank page with null). */
    chooseGuide: (g: TemplateGuide | null) => {
      guideRef.current = g;
      setGuide(g);
    },
    /** The person's own words in the text (what the live analysis reads): no guide line, no untouched template. */
    wordsOf: (content: string) => {
      const g = guideRef.current;
      if (!g) return content;
      return isUntouchedTemplate(content, g) ? "" : stripUnansweredPrompts(content, g.prompts);
    },
    /** The text is still the template as applied: nothing of the person's to save or lose. */
    untouched: isUntouchedTemplate(fields.content, guide),
    flushDraft,
    dropDraft,
    showRestored,
    keepRestored: () => setShowRestored(false),
    startFresh: () => {
      removeLocal(DRAFT_KEY);
      setShowRestored(false);
      setFields(baseline);
      setGuide(null);
      contentChanged("");
    },
  };
}
