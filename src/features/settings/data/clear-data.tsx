"use client";
import { AlertTriangle, Download, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";

/** The spec's question, kept word for word at the head of the dialog. */
export const CLEAR_CONFIRMATION = "Are you sure you want to clear all data? This action cannot be undone.";

/** The word to type before Clear All Data can be pressed (the journal has no name of its own). */
export const CLEAR_WORD = "delete";

/**
 * What Clear All Data removes and what it keeps, as src/server/data/clear.ts does it: every snapshot goes
 * (removeEverySnapshot), so nothing in Backups can bring the journal back.
 */
export const CLEAR_SCOPE =
  "Every entry (Recently deleted too), photo, video and recording, tag, check-in, your safety plan and your settings are deleted from this server and this browser. Every snapshot under Backups is removed with its photos, so the journal cannot be restored from there. Only an export you saved yourself can bring it back.";
export const CLEAR_KEEPS =
  "What stays: the passcode and encryption (they are set on the server), and the count of times crisis support was shown, which holds none of your words.";

/**
 * The Danger zone of the data section: Clear All Data, apart from Export and Import. It asks for the word
 * "delete" to be typed before it can be pressed, and offers an export first.
 */
export function ClearData({
  busy,
  exporting,
  onExport,
  onClear,
}: {
  /** Something is running (an export, a clear, an import). */
  busy: boolean;
  exporting: boolean;
  onExport: () => Promise<void>;
  onClear: () => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [clearing, setClearing] = useState(false);
  const ids = useId();
  const confirmed = typed.trim().toLowerCase() === CLEAR_WORD;
  const close = () => {
    if (clearing) return;
    setOpen(false);
    setTyped("");
  };

  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="mt-8 rounded-xl border border-red-200 bg-red-50/60 p-4"
      data-testid="danger-zone"
    >
      <h3 id={`${ids}-title`} className="flex items-center gap-2 text-sm font-semibold text-red-800">
        <AlertTriangle className="h-4 w-4" aria-hidden />
        Danger zone
      </h3>
      <p className="mt-1 text-sm text-red-900/80">
        Clear All Data deletes your whole journal and every snapshot of it. It cannot be undone.
      </p>
      <Button variant="danger" className="mt-3" onClick={() => setOpen(true)} disabled={busy}>
        <Trash2 className="h-4 w-4" aria-hidden />
        Clear All Data
      </Button>

      <Modal
        open={open}
        onOpenChange={(o) => (o ? setOpen(true) : close())}
        title="Clear All Data"
        description={CLEAR_CONFIRMATION}
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={clearing}>
              Cancel
            </Button>
            <Button
              variant="danger"
              disabled={!confirmed || clearing || exporting}
              onClick={async () => {
                setClearing(true);
                try {
                  await onClear();
                } finally {
                  setClearing(false);
                  setOpen(false);
                  setTyped("");
                }
              }}
            >
              {clearing ? "Clearing..." : "Clear All Data"}
            </Button>
          </>
        }
      >
        <div className="space-y-3 text-sm text-stone-700">
          <p>{CLEAR_SCOPE}</p>
          <p>{CLEAR_KEEPS}</p>
          <div className="flex flex-wrap items-center gap-3 rounded-xl bg-stone-50 p-3">
            <span className="min-w-0 flex-1">Keep a copy before it goes?</span>
            <Button size="sm" variant="secondary" onClick={() => void onExport()} disabled={exporting || clearing}>
              <Download className="h-4 w-4" aria-hidden />
              {exporting ? "Exporting..." : "Export first"}
            </Button>
          </div>
          <label htmlFor={`${ids}-word`} className="block font-medium text-stone-900">
            Type <strong className="font-mono">{CLEAR_WORD}</strong> to confirm
          </label>
          <input
            id={`${ids}-word`}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            disabled={clearing}
            className="h-10 w-full rounded-lg border border-stone-300 px-3 font-mono focus:border-red-500 focus:outline-none"
          />
        </div>
      </Modal>
    </section>
  );
}
