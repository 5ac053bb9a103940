"use client";
import { useQueryClient } from "@tanstack/react-query";
import { Upload } from "lucide-react";
import { useRef, useState } from "react";
import type { ImportReportDto } from "@/contracts/data";
import { ErrorBox } from "@/components/feedback/error-box";
import { useToast } from "@/components/feedback/toast";
import { Button } from "@/components/ui/button";
import { importData, refreshAfterDataChange } from "../data-actions";
import { ImportReportDialog, reportSummary } from "./import-report";

export const IMPORT_ACCEPT = ".zip,.json,application/zip,application/json";

/**
 * "Import Data": a file picker for a Reverie export (zip), a Day One export (JSON or zip) or a jrnl
 * JSON export. Entries already in the journal are skipped, never overwritten; the report says so.
 */
export function ImportData({ disabled }: { disabled?: boolean }) {
  const qc = useQueryClient();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportReportDto | null>(null);
  const [error, setError] = useState<unknown>(null);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setBusy(true);
    try {
      const r = await importData(file);
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
      {error !== null && (
        <div className="mt-4 basis-full">
          <ErrorBox title="Could not import your data" error={error} onDismiss={() => setError(null)} />
        </div>
      )}
      <ImportReportDialog report={report} onClose={() => setReport(null)} />
    </>
  );
}
