"use client";
import { lazyWhenShown } from "@/components/lazy";
import { useQueryClient } from "@tanstack/react-query";
import { Download, Info, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { useStatistics } from "@/client/entries";
import { ErrorBox } from "@/components/feedback/error-box";
import { useToast } from "@/components/feedback/toast";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { APP_BUILD, APP_NAME, APP_VERSION } from "@/domain/constants";
import { formatBytes, formatCount } from "@/domain/home";
import { BackupsSection } from "./backups-section";
import { EncryptionSection } from "./encryption-section";
import { clearAllData, exportAllData } from "@/client/data";
import { ClearData } from "./data/clear-data";
import { ImportData } from "./data/import-data";
import { OnThisDevice } from "./data/on-this-device";
import { RecentlyDeleted } from "./data/recently-deleted";
import { SupportLinks } from "./data/support-links";
import { TransferProgressBar } from "./data/transfer-progress";
import { SettingsSection } from "./section";
import { useStorageUsage } from "@/client/config";

/** The printable book and the Markdown export: their code loads after the page. */
const TakeItWithYou = lazyWhenShown(() => import("./data/take-it-with-you").then((m) => m.TakeItWithYou));

/** 4. App Information: version, privacy, real usage figures and the whole-journal actions. */
export function AppInfoSection() {
  const stats = useStatistics();
  const storage = useStorageUsage();
  const [busy, setBusy] = useState<"export" | "clear" | null>(null);
  const [failure, setFailure] = useState<{ title: string; error: unknown } | null>(null);
  const qc = useQueryClient();
  const toast = useToast();

  const run = async (kind: "export" | "clear") => {
    setFailure(null);
    setBusy(kind);
    try {
      if (kind === "export") {
        await exportAllData();
        toast.success("Your journal was exported.");
      } else {
        await clearAllData(qc);
        toast.success("All data has been cleared.");
      }
    } catch (error) {
      setFailure({ title: kind === "export" ? "Could not export your data" : "Could not clear your data", error });
    } finally {
      setBusy(null);
    }
  };

  return (
    <SettingsSection
      id="about"
      title="App Information"
      description={`About ${APP_NAME} and the data it keeps.`}
      icon={<Info className="h-5 w-5" aria-hidden />}
    >
      <dl className="grid grid-cols-2 gap-3 text-sm sm:max-w-sm">
        <div className="rounded-xl bg-stone-50 px-4 py-3">
          <dt className="text-xs text-stone-500">Version</dt>
          <dd className="font-semibold tabular-nums text-stone-900">{APP_VERSION}</dd>
        </div>
        <div className="rounded-xl bg-stone-50 px-4 py-3">
          <dt className="text-xs text-stone-500">Build</dt>
          <dd className="font-semibold tabular-nums text-stone-900">{APP_BUILD}</dd>
        </div>
      </dl>

      <div className="mt-5 flex gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950">
        <ShieldCheck className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" aria-hidden />
        <div>
          <h3 className="font-semibold">Your privacy</h3>
          <p className="mt-1">
            Your journal is stored locally, in a database and a media folder on this device. There is no account and no
            tracking. AI processing uses the model endpoints you configure above: a local model keeps everything here, a
            cloud model receives the text it is asked to analyse.
          </p>
        </div>
      </div>

      <h3 className="mt-6 text-sm font-semibold text-stone-900">Usage statistics</h3>
      <dl className="mt-2 grid gap-2 sm:grid-cols-3 sm:gap-3" data-testid="usage">
        <Figure
          testId="usage-entries"
          label="Entries"
          value={stats.data ? formatCount(stats.data.total_entries) : undefined}
          failed={stats.isError}
        />
        <Figure
          testId="usage-words"
          label="Words"
          value={stats.data ? formatCount(stats.data.total_words) : undefined}
          failed={stats.isError}
        />
        <Figure
          testId="usage-storage"
          label="Storage used"
          value={storage.data ? formatBytes(storage.data.total_bytes) : undefined}
          failed={storage.isError}
        />
      </dl>
      {storage.data && (
        <p className="mt-2 text-xs text-stone-500">
          Database {formatBytes(storage.data.database_bytes)} · Photos, video and audio{" "}
          {formatBytes(storage.data.uploads_bytes)}
        </p>
      )}

      <OnThisDevice />

      <h3 className="mt-6 text-sm font-semibold text-stone-900">Your data</h3>
      <div className="mt-2 flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => void run("export")} disabled={busy !== null}>
          <Download className="h-4 w-4" aria-hidden />
          {busy === "export" ? "Exporting..." : "Export All Data"}
        </Button>
        <ImportData disabled={busy !== null} />
      </div>
      <TakeItWithYou disabled={busy !== null} />
      <TransferProgressBar />
      {failure && (
        <div className="mt-4">
          <ErrorBox title={failure.title} error={failure.error} onDismiss={() => setFailure(null)} />
        </div>
      )}
      <RecentlyDeleted />

      <BackupsSection />
      <EncryptionSection />
      <ClearData
        busy={busy !== null}
        exporting={busy === "export"}
        onExport={() => run("export")}
        onClear={() => run("clear")}
      />

      <h3 className="mt-6 text-sm font-semibold text-stone-900">Support</h3>
      <SupportLinks />
    </SettingsSection>
  );
}

function Figure({
  label,
  value,
  failed,
  testId,
}: {
  label: string;
  value: string | undefined;
  failed: boolean;
  testId: string;
}) {
  return (
    <div
      className="flex items-baseline justify-between gap-3 rounded-xl bg-stone-50 px-4 py-2.5 sm:block sm:py-3"
      data-testid={testId}
    >
      <dt className="text-sm text-stone-500 sm:text-xs">{label}</dt>
      <dd className="text-base font-semibold tabular-nums text-stone-900 sm:mt-0.5 sm:text-lg">
        {value ??
          (failed ? (
            <span className="text-sm font-normal text-stone-500">Unavailable</span>
          ) : (
            <Skeleton className="mt-1 h-5 w-14" />
          ))}
      </dd>
    </div>
  );
}
