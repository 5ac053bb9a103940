"use client";
import { useQueryClient } from "@tanstack/react-query";
import { Upload } from "lucide-react";
import { useRef, useState } from "react";
import type { ImportReportDto } from "@/contracts/data";
import { ErrorBox } from "@/components/feedback/error-box";
import { useToast } from "@/components/feedback/toast";
import { Button } from "@/components/ui/button";
import { importData, refreshAfterDataChange } from "@/client/data";
import { ImportReportDialog, reportSummary } from "./import-report";

export const IMPORT_ACCEPT = ".zip,.json,.age,.csv,.html,.htm,application/zip,application/json,text/csv,text/html";

/**
 * "Import Data": a file picker for a Reverie export (zip), a Day One export (JSON or zip), a jrnl or
 * Diarium JSON export, a Journey export (zip), a Daylio CSV export, an Apple Journal export (zip or one
 * HTML page) or a zip of Markdown notes. Entries already in the journal are skipped, never overwritten;
 * the report says so.
 */
export function ImportData({ disabled }: { disabled?: boolean }) {
  const qc = useQueryClient();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportReportDto | null>(null);
  const [error, setError] = useState<unknown>(null);
  // An encrypted export (.age) waits here for the passphrase it was exported with.
  const [sealed, setSealed] = useState<File | null>(null);
  const [passphrase, setPassphrase] = useState("");

  const onFile = async (file: File | undefined, withPassphrase?: string) => {
    if (!file) return;
    if (file.name.toLowerCase().endsWith(".age") && withPassphrase === undefined) {
      setSealed(file);
      return;
    }
    setSealed(null);
    setPassphrase("");
    setError(null);
    setBusy(true);
    try {
      const r = await importData(file, undefined, withPassphrase);
      setReport(r);
      toast.success(reportSummary(r));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
      // Even a failed import may have written some entries before it stopped.
      await refreshAfterDataChange(qc);
    }
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept={IMPORT_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="import-file-input"
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      <Button variant="secondary" onClick={() => input.current?.click()} disabled={disabled || busy}>
        <Upload className="h-4 w-4" aria-hidden />
        {busy ? "Importing..." : "Import Data"}
      </Button>
      {sealed && (
        <form
          className="mt-3 flex basis-full flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void onFile(sealed, passphrase);
          }}
        >
          <label className="flex-1 text-sm text-stone-700">
            Passphrase of the encrypted export {sealed.name}
            <input
              type="password"
              autoComplete="off"
              value={passphrase}
              onChange={(e) => setPassphrase(e.target.value)}
              className="mt-1 w-full rounded-lg border border-stone-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none"
            />
          </label>
          <Button type="submit" variant="secondary" disabled={busy || !passphrase}>
            Import encrypted export
          </Button>
        </form>
      )}
      {error !== null && (
        <div className="mt-4 basis-full">
          <ErrorBox title="Could not import your data" error={error} onDismiss={() => setError(null)} />
        </div>
      )}
      <ImportReportDialog report={report} onClose={() => setReport(null)} />
    </>
  );
}
