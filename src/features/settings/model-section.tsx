"use client";
import { lazyWhenShown } from "@/components/lazy";
import { Bot, CheckCircle2, Cloud, HardDrive, KeyRound, Loader2, PlugZap, XCircle } from "lucide-react";
import { useState } from "react";
import type { ModelTestResultDto } from "@/contracts/config";
import { ErrorBox } from "@/components/feedback/error-box";
import { useToast } from "@/components/feedback/toast";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { isLocalModel, modelLabel, OFFLINE_MODEL } from "@/domain/models";
import { apiKeyVariable, enableHints, groupModels } from "./model-groups";
import { SettingsSection } from "./section";
import { useConfigureModel, useModels, useTestModel } from "@/client/config";

/** Where recordings go and whether dictation is offered: loaded after the page. */
const VoiceInfo = lazyWhenShown(() => import("./voice-info").then((m) => m.VoiceInfo));

/** 1. AI Model Configuration: the model dropdown, where data goes, the API-key note and Test Connection. */
export function ModelSection() {
  const models = useModels();
  const configure = useConfigureModel();
  const test = useTestModel();
  const toast = useToast();
  const [result, setResult] = useState<ModelTestResultDto | null>(null);
  const current = configure.isPending ? configure.variables : models.data?.data.current;
  const groups = groupModels(models.data?.data.data ?? [], current);
  const hints = enableHints(models.data?.data.data ?? []);
  const currentChoice = groups.flatMap((g) => g.choices).find((c) => c.id === current);
  const keyVar = apiKeyVariable(current);
  const local = current ? isLocalModel(current) : false;

  const choose = (id: string) => {
    // One change at a time; the list stays enabled meanwhile, so the focus stays on it.
    if (configure.isPending || id === models.data?.data.current) return;
    setResult(null);
    test.reset();
    configure.mutate(id, { onSuccess: () => toast.success(`AI model changed to ${modelLabel(id)}.`) });
  };
  const runTest = () => {
    setResult(null);
    test.mutate(undefined, { onSuccess: setResult });
  };

  return (
    <SettingsSection
      id="model"
      title="AI Model Configuration"
      description="Choose the model that analyses your moods, writes insights and talks with you."
      icon={<Bot className="h-5 w-5" aria-hidden />}
    >
      {models.isPending ? (
        <Skeleton className="h-11 w-full" />
      ) : models.isError ? (
        <ErrorBox title="Failed to load models" error={models.error} onRetry={() => void models.refetch()} />
      ) : (
        <div className="space-y-4">
          <div>
            <label id="model-label" htmlFor="model-select" className="mb-1.5 block text-sm font-medium text-stone-900">
              AI model
            </label>
            <Select
              id="model-select"
              aria-labelledby="model-label"
              aria-describedby="model-status"
              value={current}
              onValueChange={choose}
              placeholder="Choose a model"
              groups={groups.map((g) => ({
                label: g.label,
                options: g.choices.map((c) => ({
                  value: c.id,
                  label: c.label,
                  hint: (
                    <span className={c.available ? "text-emerald-700" : "text-amber-700"}>
                      {c.status}
                      {c.recommended ? " · Recommended" : ""}
                    </span>
                  ),
                })),
              }))}
            />
            <p id="model-status" className="mt-1.5 flex items-center gap-1.5 text-xs" aria-live="polite">
              {configure.isPending ? (
                <span className="flex items-center gap-1.5 text-stone-500">
                  <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden /> Saving...
                </span>
              ) : currentChoice ? (
                <span className={currentChoice.available ? "text-emerald-700" : "text-amber-700"}>
                  {currentChoice.status}
                </span>
              ) : null}
            </p>
            {hints.length > 0 && (
              <ul className="mt-2 space-y-0.5 text-xs text-stone-500" data-testid="model-enable-hints">
                {hints.map((h) => (
                  <li key={h}>{h}</li>
                ))}
              </ul>
            )}
          </div>
          {configure.isError && (
            <ErrorBox title="Failed to change the model" error={configure.error} onDismiss={() => configure.reset()} />
          )}

          <div className="rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950" data-testid="model-info">
            <p className="flex items-start gap-2">
              <HardDrive className="mt-0.5 h-4 w-4 shrink-0 text-sky-700" aria-hidden />
              <span>
                <strong className="font-semibold">Local models</strong> (Ollama) and the built-in offline analyzer (a
                basic rule-based reading, not an AI model) keep your data on this device.
              </span>
            </p>
            <p className="mt-2 flex items-start gap-2">
              <Cloud className="mt-0.5 h-4 w-4 shrink-0 text-sky-700" aria-hidden />
              <span>
                <strong className="font-semibold">Cloud models</strong> (Gemini, OpenAI) need an API key, and the text
                they analyse is sent to the provider.
              </span>
            </p>
            <p className="mt-3 font-medium">
              {current
                ? `Now using ${modelLabel(current)}: ${
                    current === OFFLINE_MODEL
                      ? "a basic rule-based reading, not an AI model; your data stays here."
                      : local
                        ? "a model on your own Ollama server, your data stays here."
                        : "a cloud model: the text it analyses is sent to its provider."
                  }`
                : null}
            </p>
          </div>

          <VoiceInfo />

          <div
            className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
            data-testid="api-key-note"
          >
            <p className="flex items-start gap-2">
              <KeyRound className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-hidden />
              {keyVar ? (
                <span>
                  This model needs an API key. Set it as a secret environment variable named{" "}
                  <code className="rounded bg-white/70 px-1 py-0.5 font-mono text-[13px]">{keyVar}</code> in your
                  hosting space settings, then restart the app. The key stays on the server and is never shown here.
                </span>
              ) : (
                <span>
                  No API key is needed for this model. Cloud models need one: set it as a secret environment variable in
                  your hosting space settings (
                  <code className="font-mono text-[13px]">GOOGLE_GENERATIVE_AI_API_KEY</code> for Gemini,{" "}
                  <code className="font-mono text-[13px]">OPENAI_API_KEY</code> for OpenAI).
                </span>
              )}
            </p>
          </div>

          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={runTest} disabled={test.isPending || configure.isPending || !current}>
              {test.isPending ? (
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
              ) : (
                <PlugZap className="h-4 w-4" aria-hidden />
              )}
              {test.isPending ? "Testing..." : "Test Connection"}
            </Button>
          </div>
          <div aria-live="polite">{result && <TestResult result={result} />}</div>
        </div>
      )}
    </SettingsSection>
  );
}

function TestResult({ result }: { result: ModelTestResultDto }) {
  if (result.success) {
    return (
      <div
        role="status"
        data-testid="test-result"
        className="flex gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950"
      >
        <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600" aria-hidden />
        <p className="font-semibold">{result.message?.trim() || "The model answered."}</p>
      </div>
    );
  }
  return (
    <div
      role="alert"
      data-testid="test-result"
      className="flex gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-950"
    >
      <XCircle className="mt-0.5 h-5 w-5 shrink-0 text-red-600" aria-hidden />
      <div>
        <p className="font-semibold">
          {result.code === "MODEL_NOT_CONFIGURED" ? "Nothing is configured for this model" : "Configuration failed"}
        </p>
        <p className="mt-0.5">{result.error?.trim() || "Test failed"}</p>
      </div>
    </div>
  );
}
