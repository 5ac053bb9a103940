"use client";
import { browserLocale, browserTimeZone } from "@/client/storage";
import type { ImportReportDto } from "@/contracts/data";
import { longDate } from "@/domain/date-format";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";

const SOURCE_NAMES: Record<ImportReportDto["source"], string> = {
  reverie: "a Reverie export",
  dayone: "a Day One export",
  jrnl: "a jrnl export",
  journey: "a Journey export",
  diarium: "a Diarium export",
  daylio: "a Daylio export",
  "apple-journal": "an Apple Journal export",
  markdown: "a folder of Markdown notes",
};
const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** One sentence for the toast and the dialog: what came in, what did not. */
export function reportSummary(r: ImportReportDto): string {
  const parts = [`Imported ${plural(r.imported, "entry", "entries")}`];
  if (r.media_imported) parts.push(`${plural(r.media_imported, "media file", "media files")}`);
  if (r.checkins_imported) parts[0] += ` and ${plural(r.checkins_imported, "check-in", "check-ins")}`;
  const tail: string[] = [];
  if (r.skipped) tail.push(`${r.skipped.toLocaleString("en-US")} skipped (already in your journal or in Recently deleted)`);
  if (r.failed) tail.push(`${r.failed.toLocaleString("en-US")} failed`);
  return `${parts.join(" with ")}${tail.length ? `; ${tail.join(", ")}` : ""}.`;
}

const KIND_LABEL = { skipped: "Skipped", failed: "Not imported", warning: "Imported, with a note" } as const;

/** How the report names an entry: its title and its date, as the Timeline shows them. */
export function issueName(i: ImportReportDto["issues"][number]): { title: string; date: string | null } {
  const d = i.date ? new Date(i.date) : null;
  const date = d && !Number.isNaN(d.getTime()) ? longDate(d, browserTimeZone(), browserLocale()) : null;
  return { title: i.title?.trim() || (date ? "Untitled entry" : i.entry), date };
}
const KIND_CLASS = { skipped: "bg-stone-100 text-stone-700", failed: "bg-red-50 text-red-800", warning: "bg-amber-50 text-amber-900" } as const;

/** The import's report: figures, then every entry that was skipped, failed or imported with a note, and why. */
export function ImportReportDialog({ report, onClose }: { report: ImportReportDto | null; onClose: () => void }) {
  return (
    <Modal
      open={report !== null}
      onOpenChange={(o) => !o && onClose()}
      title="Import finished"
      description={report ? `From ${SOURCE_NAMES[report.source]}. ${reportSummary(report)}` : undefined}
      wide
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {report && (
        <div data-testid="import-report">
          <dl className={`grid ${report.checkins_imported ? "grid-cols-2 sm:grid-cols-4" : "grid-cols-3"} gap-3 text-center`}>
            {(
              [
                ["Imported", report.imported, "report-imported"],
                ...(report.checkins_imported ? ([["Check-ins", report.checkins_imported, "report-checkins"]] as const) : []),
                ["Skipped", report.skipped, "report-skipped"],
                ["Failed", report.failed, "report-failed"],
              ] as const
            ).map(([name, n, id]) => (
              <div key={name} className="rounded-xl bg-stone-50 px-3 py-3" data-testid={id}>
                <dt className="text-xs text-stone-500">{name}</dt>
                <dd className="text-lg font-semibold tabular-nums text-stone-900">{n.toLocaleString("en-US")}</dd>
              </div>
            ))}
          </dl>
          {report.config_imported > 0 && <p className="mt-3 text-sm text-stone-600">{plural(report.config_imported, "setting", "settings")} restored.</p>}
          {report.safety_plan_imported && <p className="mt-3 text-sm text-stone-600">Your safety plan was restored.</p>}
          {report.issues.length > 0 && (
            <>
              <h3 className="mt-5 text-sm font-semibold text-stone-900">Details</h3>
              <ul className="mt-2 max-h-64 space-y-2 overflow-y-auto text-sm" data-testid="import-issues">
                {report.issues.map((i, n) => {
                  const name = issueName(i);
                  return (
                    <li key={n} className="rounded-lg border border-stone-200 px-3 py-2" data-testid="import-issue">
                      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                        <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${KIND_CLASS[i.kind]}`}>{KIND_LABEL[i.kind]}</span>
                        <span className="font-medium text-stone-900">{name.title}</span>
                        {name.date && <span className="text-xs text-stone-500">{name.date}</span>}
                      </div>
                      <p className="mt-1 text-stone-700">{i.reason}</p>
                    </li>
                  );
                })}
              </ul>
              {report.issues_left_out > 0 && <p className="mt-2 text-xs text-stone-500">and {plural(report.issues_left_out, "more", "more")} not listed.</p>}
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
