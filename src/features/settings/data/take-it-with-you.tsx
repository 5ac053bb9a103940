"use client";
import clsx from "clsx";
import { BookOpen, FileText } from "lucide-react";
import { useId, useState } from "react";
import { useTags } from "@/client/entries";
import { exportBook, exportMarkdown } from "@/client/data";
import { ErrorBox } from "@/components/feedback/error-box";
import { useToast } from "@/components/feedback/toast";
import { Button } from "@/components/ui/button";

const input =
  "mt-1 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:outline-none";

/**
 * Settings, Data: the journal in other forms. A printable book (PDF) of a range of days and tags, made on
 * the server; and every entry as a Markdown file with its media, for Obsidian or any editor.
 */
export function TakeItWithYou({ disabled }: { disabled?: boolean }) {
  const toast = useToast();
  const tags = useTags();
  const ids = useId();
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [chosen, setChosen] = useState<string[]>([]);
  const [layout, setLayout] = useState<"page" | "flow">("page");
  const [busy, setBusy] = useState<"book" | "markdown" | null>(null);
  const [failure, setFailure] = useState<{ title: string; error: unknown } | null>(null);

  const run = async (kind: "book" | "markdown") => {
    setFailure(null);
    setBusy(kind);
    try {
      if (kind === "book") {
        await exportBook({
          ...(from ? { from } : {}),
          ...(to ? { to } : {}),
          ...(chosen.length ? { tags: chosen } : {}),
          layout,
        });
        toast.success("Your book was made.");
      } else {
        await exportMarkdown();
        toast.success("Your journal was exported as Markdown.");
      }
    } catch (error) {
      setFailure({ title: kind === "book" ? "Could not make the book" : "Could not export as Markdown", error });
    } finally {
      setBusy(null);
    }
  };
  const toggle = (t: string) => setChosen((c) => (c.includes(t) ? c.filter((x) => x !== t) : [...c, t]));

  return (
    <div className="mt-4 rounded-xl border border-stone-200 p-4" data-testid="take-it-with-you">
      <h4 className="text-sm font-semibold text-stone-900">Printable book (PDF)</h4>
      <p className="mt-1 text-xs text-stone-500">
        A title page, contents by month, each day as a heading, photos and page numbers. Leave the dates empty for
        every entry.
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        <label className="text-sm text-stone-700" htmlFor={`${ids}-from`}>
          From
          <input id={`${ids}-from`} type="date" value={from} onChange={(e) => setFrom(e.target.value)} className={input} />
        </label>
        <label className="text-sm text-stone-700" htmlFor={`${ids}-to`}>
          To
          <input id={`${ids}-to`} type="date" value={to} onChange={(e) => setTo(e.target.value)} className={input} />
        </label>
        <label className="text-sm text-stone-700" htmlFor={`${ids}-layout`}>
          Layout
          <select
            id={`${ids}-layout`}
            value={layout}
            onChange={(e) => setLayout(e.target.value as "page" | "flow")}
            className={input}
          >
            <option value="page">Each entry on a new page</option>
            <option value="flow">Entries one after another</option>
          </select>
        </label>
      </div>
      {tags.data && tags.data.tags.length > 0 && (
        <fieldset className="mt-3">
          <legend className="text-sm text-stone-700">Only entries with these tags</legend>
          <div className="mt-1 flex max-h-28 flex-wrap gap-1.5 overflow-y-auto">
            {tags.data.tags.map((t) => (
              <button
                key={t.name}
                type="button"
                aria-pressed={chosen.includes(t.name)}
                onClick={() => toggle(t.name)}
                className={clsx(
                  "rounded-full border px-2.5 py-1 text-xs",
                  chosen.includes(t.name)
                    ? "border-brand-300 bg-brand-50 text-brand-800"
                    : "border-stone-300 bg-white text-stone-600 hover:bg-stone-50",
                )}
              >
                {t.name}
              </button>
            ))}
          </div>
        </fieldset>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => void run("book")} disabled={disabled || busy !== null}>
          <BookOpen className="h-4 w-4" aria-hidden />
          {busy === "book" ? "Making your book..." : "Printable book (PDF)"}
        </Button>
        <Button variant="secondary" onClick={() => void run("markdown")} disabled={disabled || busy !== null}>
          <FileText className="h-4 w-4" aria-hidden />
          {busy === "markdown" ? "Exporting..." : "Markdown (zip)"}
        </Button>
      </div>
      <p className="mt-2 text-xs text-stone-500">
        Markdown: one file per entry in year and month folders, with its date, title, tags, mood and place at the top
        and its photos beside it. Obsidian opens the folder as a vault.
      </p>
      {failure && (
        <div className="mt-3">
          <ErrorBox title={failure.title} error={failure.error} onDismiss={() => setFailure(null)} />
        </div>
      )}
    </div>
  );
}
