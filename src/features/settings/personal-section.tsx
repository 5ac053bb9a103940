"use client";
import { Loader2, UserRound } from "lucide-react";
import { useEffect, useState } from "react";
import { ErrorBox } from "@/components/feedback/error-box";
import { useToast } from "@/components/feedback/toast";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { MAX_CONFIG_VALUE_CHARS } from "@/domain/constants";
import { JournalContextToggle } from "@/components/settings/journal-context-toggle";
import { CrisisCountrySetting } from "./crisis-country-setting";
import { EmbeddingSetting } from "./embedding-setting";
import { SettingsSection } from "./section";
import { useConfig, useSavePersonal } from "@/client/config";

export const PERSONAL_SAVED = "Personal settings saved successfully!";
export const PERSONAL_SAVE_FAILED = "Failed to save settings. Please try again.";

/** 2. Personal Information: what the companion should know, saved field by field. */
export function PersonalSection() {
  const config = useConfig();
  return (
    <SettingsSection
      id="personal"
      title="Personal Information"
      description="Optional context that helps the AI companion understand you. It is stored on this device."
      icon={<UserRound className="h-5 w-5" aria-hidden />}
    >
      {config.isPending ? (
        <div className="space-y-4" role="status" aria-label="Loading personal settings">
          <Skeleton className="h-4 w-56" />
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-10 w-32" />
        </div>
      ) : config.isError ? (
        <ErrorBox title="Failed to load settings" error={config.error} onRetry={() => void config.refetch()} />
      ) : (
        <PersonalForm
          initial={{
            personal_info: config.data.config.personal_info ?? "",
            cultural_context: config.data.config.cultural_context ?? "",
          }}
        />
      )}
      <JournalContextToggle className="mt-6 border-t border-stone-200 pt-5" />
      <EmbeddingSetting className="mt-6 border-t border-stone-200 pt-5" />
      <CrisisCountrySetting className="mt-6 scroll-mt-20 border-t border-stone-200 pt-5" />
    </SettingsSection>
  );
}

type Fields = { personal_info: string; cultural_context: string };

/** The form keeps its own draft: a reload of the config never overwrites what is being typed. */
function PersonalForm({ initial }: { initial: Fields }) {
  const [draft, setDraft] = useState<Fields>(initial);
  const [saved, setSaved] = useState<Fields>(initial);
  const save = useSavePersonal();
  const toast = useToast();
  const empty = !draft.personal_info.trim() && !draft.cultural_context.trim();
  const dirty = draft.personal_info !== saved.personal_info || draft.cultural_context !== saved.cultural_context;

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (empty || save.isPending) return;
    save.mutate(draft, {
      onSuccess: (written) => {
        const next = { ...draft, ...written };
        setDraft(next);
        setSaved(next);
        toast.success(PERSONAL_SAVED);
      },
    });
  };

  return (
    <form onSubmit={submit} className="space-y-5" noValidate>
      <Field
        id="personal-info"
        label="Personal Memories & Preferences"
        hint="People, places and things that matter to you, or how you like to be spoken to."
        placeholder="For example: I live with my partner Sam and our dog Pepper. I prefer gentle, practical suggestions."
        value={draft.personal_info}
        onChange={(v) => setDraft((d) => ({ ...d, personal_info: v }))}
      />
      <Field
        id="cultural-context"
        label="Cultural Context"
        hint="Background, traditions, faith or language that shape how you would like to be understood."
        placeholder="For example: I grew up in Lisbon and celebrate both Portuguese and Ukrainian holidays."
        value={draft.cultural_context}
        onChange={(v) => setDraft((d) => ({ ...d, cultural_context: v }))}
      />
      {save.isError && (
        <ErrorBox title="Could not save" message={PERSONAL_SAVE_FAILED} onDismiss={() => save.reset()} />
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={empty || save.isPending}>
          {save.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
          {save.isPending ? "Saving..." : "Save Settings"}
        </Button>
        {empty ? (
          <span className="text-xs text-stone-500">Write something in at least one field to save.</span>
        ) : dirty ? (
          <span className="text-xs text-stone-500">Unsaved changes</span>
        ) : null}
      </div>
    </form>
  );
}

function Field({
  id,
  label,
  hint,
  placeholder,
  value,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  placeholder: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-900">
        {label}
      </label>
      <p id={`${id}-hint`} className="mt-0.5 text-xs text-stone-500">
        {hint}
      </p>
      <textarea
        id={id}
        rows={4}
        maxLength={MAX_CONFIG_VALUE_CHARS}
        aria-describedby={`${id}-hint`}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="mt-2 block w-full resize-y rounded-xl border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 shadow-sm placeholder:text-stone-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
      />
    </div>
  );
}
