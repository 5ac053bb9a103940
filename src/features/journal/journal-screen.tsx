"use client";
import { CalendarDays, Loader2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { v7 as uuidv7 } from "uuid";
import type { CapabilityError } from "@/client/ai";
import { entryFromHash } from "@/client/device";
import { useSaveEntry, type DraftFile, type SaveOutcome } from "@/client/entries/save";
import { useEntry } from "@/client/entries/use-entry";
import { ApiError, errorMessage } from "@/client/errors";
import { takeFocusRequest } from "@/client/focus-intent";
import { readLocal, removeLocal, setFlash, writeLocal } from "@/client/storage";
import { ErrorBox } from "@/components/feedback/error-box";
import { useToast } from "@/components/feedback/toast";
import { ModelNotSupportedModal, PsychologicalImageModal, SupportModal } from "@/components/modals/lazy-modals";
import { VoiceRecorder } from "@/components/recorder/voice-recorder";
import { RichTextEditor } from "@/components/richtext/rich-text-editor";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import type { EntryDto } from "@/contracts/entries";
import { EDITOR_ROWS_JOURNAL_PAGE, MAX_TITLE_CHARS } from "@/domain/constants";
import {
  appendParagraph,
  buildSavePayload,
  draftHasContent,
  emptyFields,
  fieldsDiffer,
  instantForDay,
  localDateInputValue,
  parseDraft,
  type EditorDraft,
  type EditorFields,
} from "@/domain/editor";
import type { DeviceEntry } from "@/domain/outbox";
import { addTag } from "@/domain/tags";
import { hasText } from "@/domain/text";
import { analysisOf, DeviceVersionNote, DraftRestored, editorFieldsOf, EditorSkeleton } from "./editor-parts";
import { EditorCheckIn } from "@/features/checkins/editor-check-in";
import { InsightsPanel } from "./insights-panel";
import { LocationField } from "./location-field";
import { MediaZone } from "./media-zone";
import { TagsEditor } from "./tags-editor";
import { useEditorMedia } from "./use-editor-media";
import { useEntryAnalysis } from "./use-entry-analysis";
import { useActionBar } from "./use-action-bar";
import { useLeaveGuard } from "./use-leave-guard";

export const DRAFT_KEY = "journal-draft";
export const EMPTY_CONTENT_MESSAGE = "Please add some content to your entry";

const noopSubscribe = () => () => {};
/** True only in the browser (after hydration), where the stored draft can be read. */
const useIsClient = () =>
  useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  );

/**
 * The journal editor: a new entry, or an existing one when `entryId` is given. Offline, `/journal#entry=<id>`
 * opens an entry the device keeps (the page shell is kept by the service worker; the edit address is not).
 */
export function JournalScreen({ entryId }: { entryId?: string }) {
  return entryId ? <EditEntry id={entryId} /> : <NewEntry />;
}

const entryParam = () => (typeof window === "undefined" ? null : entryFromHash(window.location.hash));

function NewEntry() {
  const isClient = useIsClient();
  if (!isClient) return <EditorSkeleton title="New Entry" />;
  const id = entryParam();
  return id ? <EditEntry id={id} /> : <EntryEditor />;
}

function EditEntry({ id }: { id: string }) {
  // The device's version of an entry wins while it waits to be sent; offline, the reading copy is used.
  const { entry, source, device, notKept, ready, unreachable, server: q } = useEntry(id);
  if (entry && source !== "server") return <EntryEditor key={`${source}-${entry.id}`} entry={entry} device={device} />;
  if (unreachable && notKept) {
    return (
      <div className="mx-auto max-w-2xl">
        <ErrorBox
          title="Failed to load entry"
          message="This entry is not kept on this device, and the server cannot be reached."
        />
      </div>
    );
  }
  if (!ready || q.isPending || unreachable) return <EditorSkeleton title="Edit Entry" />;
  if (q.isError) {
    const notFound = q.error instanceof ApiError && q.error.status === 404;
    return (
      <div className="mx-auto max-w-2xl">
        <ErrorBox
          title="Failed to load entry"
          message={notFound ? "Entry not found" : errorMessage(q.error)}
          error={notFound ? undefined : q.error}
          onRetry={notFound ? undefined : () => void q.refetch()}
        />
      </div>
    );
  }
  if (!entry) return <EditorSkeleton title="Edit Entry" />;
  return <EntryEditor key={entry.id} entry={entry} />;
}

/** The editor. `device` is set when the entry's latest version is the one kept on this device. */
function EntryEditor({ entry, device }: { entry?: EntryDto; device?: DeviceEntry }) {
  const router = useRouter();
  const toast = useToast();
  const saveEntry = useSaveEntry();
  const isEdit = !!entry;
  const ids = useId();
  // A new entry's id is made here, so that a save retried after a lost answer can never make two entries.
  const [newId] = useState(() => uuidv7());

  const [today] = useState(() => localDateInputValue(new Date()));
  const [baseline] = useState<EditorFields>(() => (entry ? editorFieldsOf(entry) : emptyFields(today)));
  const [restored] = useState<EditorDraft | null>(() =>
    entry ? null : parseDraft(readLocal<unknown>(DRAFT_KEY, null)),
  );
  const [fields, setFields] = useState<EditorFields>(() =>
    restored ? { ...restored, date: restored.date || today } : baseline,
  );
  const [showRestored, setShowRestored] = useState(!!restored);

  const ai = useEntryAnalysis(entry ? analysisOf(entry) : null);
  const { contentChanged } = ai;

  const [removedIds, setRemovedIds] = useState<string[]>([]);
  const [emptyError, setEmptyError] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [capError, setCapError] = useState<CapabilityError | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [pendingHref, setPendingHref] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const actionBarBottom = useActionBar(barRef, formRef);
  // Opened with N on Home: the cursor goes in the entry text.
  useEffect(() => {
    if (takeFocusRequest("entry-text")) textRef.current?.focus();
  }, []);
  const leaving = useRef(false);
  const fieldsRef = useRef(fields);
  const {
    media,
    mediaRef,
    rejections,
    setRejections,
    patchMedia,
    addFiles,
    keepRecording,
    removeMedia,
    psych,
    openDeeper,
    closePsych,
  } = useEditorMedia({
    content: () => fieldsRef.current.content,
    onCapabilityError: setCapError,
    onError: (message, title) => toast.error(message, title),
  });
  useEffect(() => {
    fieldsRef.current = fields;
  });

  const dirty = fieldsDiffer(fields, baseline) || media.length > 0 || removedIds.length > 0;
  const contentEmpty = !hasText(fields.content);

  // A restored draft is analysed like freshly typed text.
  useEffect(() => {
    if (restored) contentChanged(restored.content);
  }, [restored, contentChanged]);

  // ---------------------------------------------------------------- draft of a new entry
  const flushDraft = useCallback(() => {
    if (isEdit || leaving.current) return;
    const f = fieldsRef.current;
    if (draftHasContent(f))
      writeLocal<EditorDraft>(DRAFT_KEY, { ...f, version: 1, saved_at: new Date().toISOString() });
    else removeLocal(DRAFT_KEY);
  }, [isEdit]);

  useEffect(() => {
    if (isEdit) return;
    const t = setTimeout(flushDraft, 300);
    return () => clearTimeout(t);
  }, [fields, isEdit, flushDraft]);

  useLeaveGuard({
    warnUnload: dirty,
    // A new entry's text is kept as a draft; files and edits of a saved entry are not, so links ask first.
    interceptLinks: (isEdit ? dirty : media.length > 0) && !saving,
    onLinkAttempt: setPendingHref,
    flush: flushDraft,
  });

  // ---------------------------------------------------------------- field changes
  const update = (patch: Partial<EditorFields>) => setFields((f) => ({ ...f, ...patch }));
  const setContent = (content: string) => {
    setFields((f) => ({ ...f, content }));
    contentChanged(content);
    if (hasText(content)) setEmptyError(false);
  };
  const appendText = (text: string) => setContent(appendParagraph(fieldsRef.current.content, text));
  const addOneTag = (t: string) => {
    const r = addTag(fieldsRef.current.tags, t);
    if (r.ok) update({ tags: r.tags });
  };

  // ---------------------------------------------------------------- save
  const save = async () => {
    if (saving) return;
    if (contentEmpty) {
      setEmptyError(true);
      return;
    }
    setSaving(true);
    setSaveError(null);
    const f = fieldsRef.current;
    const original = entry ? new Date(entry.created_at) : null;
    const createdAt = original
      ? f.date === baseline.date
        ? original
        : instantForDay(f.date, original)
      : f.date === today
        ? new Date()
        : instantForDay(f.date, new Date());
    const payload = buildSavePayload(f, createdAt, ai.fresh ? ai.analysis : null, entry);
    const files: DraftFile[] = mediaRef.current.map((m) => ({ id: m.id, file: m.file }));
    let outcome: SaveOutcome;
    try {
      outcome = await saveEntry(
        { entry: entry ?? null, newId, payload, onDevice: !!device, removedMediaIds: removedIds },
        files,
        {
          // The words are safe on the server now: the local draft can go, and is not written again.
          onStored: () => {
            leaving.current = true;
            if (!entry) removeLocal(DRAFT_KEY);
          },
          onFile: (id, upload) => patchMedia(id, { upload }),
        },
      );
    } catch (err) {
      console.warn(entry ? "Failed to update entry" : "Failed to save entry", err);
      setSaveError(err);
      setSaving(false);
      return;
    }
    leaving.current = true;
    if (!entry) removeLocal(DRAFT_KEY);
    if (outcome.kind === "saved") {
      const { kept, problems } = outcome;
      if (problems.length) toast.error(problems.map((p) => p.message).join(" "), "Entry saved, but not all media");
      else if (kept.length)
        toast.success(
          `${kept.length === 1 ? "1 file is" : `${kept.length} files are`} kept on this device and will be added when the connection returns.`,
        );
      else toast.success(entry ? "Your changes were saved." : "Your entry was saved.");
      router.push("/timeline");
      return;
    }
    if (outcome.kind === "conflict-copy") {
      toast.success("This entry was changed elsewhere meanwhile. Both versions are kept: yours is saved as a copy.");
      router.push("/timeline");
      return;
    }
    // Kept on this device: the Timeline comes from the service worker's cache, as a full page load, in its
    // list (where the entries waiting on this device are shown); the message goes with it.
    setFlash("Saved on this device. It will be added to your journal when the connection returns.");
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- offline, a full load from the service worker's cache is the way
    window.location.assign("/timeline");
  };

  // ---------------------------------------------------------------- cancel and leaving
  const leaveTo = entry ? "/timeline" : "/";
  /** Leaves the editor; Cancel discards a new entry's draft, following a link keeps it. */
  const discardAndGo = (href: string, dropDraft = true) => {
    if (dropDraft) {
      leaving.current = true;
      if (!entry) removeLocal(DRAFT_KEY);
    }
    setConfirmCancel(false);
    setPendingHref(null);
    router.push(href);
  };
  const cancel = () => {
    if (dirty) setConfirmCancel(true);
    else discardAndGo(leaveTo);
  };

  const title = entry ? "Edit Entry" : "New Entry";
  const emptyId = `${ids}-empty`;

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-stone-900">{title}</h1>
          <p className="mt-1 text-sm text-stone-500">
            {entry
              ? "Changes are saved when you choose Save Changes."
              : "Write freely. Your draft is kept on this device until you save."}
          </p>
          {device && <DeviceVersionNote device={device} />}
        </div>
        <label className="flex items-center gap-2 text-sm font-medium text-stone-700">
          <CalendarDays className="h-4 w-4 text-stone-500" aria-hidden />
          <span>Date</span>
          <input
            type="date"
            value={fields.date}
            onChange={(e) => e.target.value && update({ date: e.target.value })}
            disabled={saving}
            className="h-10 rounded-xl border border-stone-200 bg-white px-3 text-sm text-stone-900 focus:border-brand-500 focus:outline-none"
          />
        </label>
      </div>

      {showRestored && (
        <DraftRestored
          onKeep={() => setShowRestored(false)}
          onStartFresh={() => {
            removeLocal(DRAFT_KEY);
            setShowRestored(false);
            setFields(baseline);
            contentChanged("");
          }}
        />
      )}

      {saveError !== null && (
        <div className="mt-4">
          <ErrorBox
            title={entry ? "Failed to update entry" : "Failed to save entry"}
            error={saveError}
            onRetry={() => void save()}
            onDismiss={() => setSaveError(null)}
          />
        </div>
      )}

      <form
        ref={formRef}
        className="mt-6 grid gap-6 pb-16 md:pb-0 lg:grid-cols-[minmax(0,1fr)_20rem]"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        aria-label={title}
      >
        <div className="space-y-4">
          <div>
            <label htmlFor={`${ids}-title`} className="sr-only">
              Title
            </label>
            <input
              id={`${ids}-title`}
              value={fields.title}
              onChange={(e) => update({ title: e.target.value })}
              maxLength={MAX_TITLE_CHARS}
              disabled={saving}
              placeholder="Title (optional)"
              className="h-12 w-full rounded-2xl border border-stone-200 bg-white px-4 text-lg font-medium text-stone-900 shadow-sm placeholder:font-normal placeholder:text-stone-400 focus:border-brand-500 focus:outline-none"
            />
          </div>
          <RichTextEditor
            ref={textRef}
            label="Entry"
            value={fields.content}
            onChange={setContent}
            rows={EDITOR_ROWS_JOURNAL_PAGE}
            placeholder="What's on your mind today?"
            onSubmitShortcut={() => void save()}
            describedBy={emptyError ? emptyId : undefined}
            invalid={emptyError}
          />
          {emptyError && (
            <p
              id={emptyId}
              role="alert"
              className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-2.5 text-sm text-amber-900"
            >
              {EMPTY_CONTENT_MESSAGE}
            </p>
          )}
        </div>

        <aside className="lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
          <InsightsPanel
            status={ai.status}
            analysis={ai.analysis}
            contentLength={fields.content.trim().length}
            tags={fields.tags}
            onAddTag={addOneTag}
            onUseQuestion={appendText}
          />
        </aside>

        <div className="space-y-4 lg:col-start-1 lg:row-start-2">
          <VoiceRecorder onAdd={appendText} onKeep={keepRecording} onCapabilityError={setCapError} />
          <EditorCheckIn entryId={entry?.id ?? newId} />
          <MediaZone
            items={media}
            rejections={rejections}
            existing={entry?.media_files ?? []}
            removedIds={removedIds}
            saving={saving}
            onFiles={addFiles}
            onRemove={removeMedia}
            onDismissRejections={() => setRejections([])}
            onToggleExisting={(id) => setRemovedIds((r) => (r.includes(id) ? r.filter((x) => x !== id) : [...r, id]))}
            onDeeper={(m) => void openDeeper(m)}
            onAddText={appendText}
          />
          <div className="grid gap-6 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm md:grid-cols-2">
            <TagsEditor tags={fields.tags} onChange={(tags) => update({ tags })} disabled={saving} />
            <LocationField
              name={fields.locationName}
              lat={fields.lat}
              lng={fields.lng}
              disabled={saving}
              onChange={(v) =>
                update({
                  ...(v.name !== undefined ? { locationName: v.name } : {}),
                  ...(v.lat !== undefined ? { lat: v.lat } : {}),
                  ...(v.lng !== undefined ? { lng: v.lng } : {}),
                })
              }
            />
          </div>
        </div>
        {/* Cancel and Save: fixed above the tab bar (and the keyboard) on a phone, sticky on wider screens. */}
        <div
          ref={barRef}
          data-testid="editor-action-bar"
          style={{ bottom: actionBarBottom }}
          className="fixed inset-x-0 z-30 flex items-center justify-end gap-2 border-t border-stone-200 bg-[#faf9f7]/95 px-4 py-2 backdrop-blur md:sticky md:z-20 md:mx-0 md:gap-3 md:rounded-2xl md:border md:bg-white/95 md:py-3 lg:col-start-1 lg:row-start-3"
        >
          {dirty && !saving && <span className="mr-auto hidden text-xs text-stone-500 sm:inline">Unsaved changes</span>}
          <Button variant="secondary" onClick={cancel} disabled={saving}>
            Cancel
          </Button>
          <Button
            type="submit"
            aria-disabled={contentEmpty || saving || undefined}
            disabled={saving}
            className={contentEmpty ? "cursor-not-allowed bg-brand-200 hover:bg-brand-200" : undefined}
            title={contentEmpty ? EMPTY_CONTENT_MESSAGE : undefined}
          >
            {saving && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
            {saving ? "Saving..." : entry ? "Save Changes" : "Save Entry"}
          </Button>
        </div>
      </form>

      <ConfirmDialog
        open={confirmCancel || pendingHref !== null}
        onOpenChange={(open) => {
          if (!open) {
            setConfirmCancel(false);
            setPendingHref(null);
          }
        }}
        title="Discard changes?"
        message={
          entry
            ? "You have unsaved changes to this entry. If you leave now, they will be lost."
            : pendingHref !== null
              ? "Attached files are not kept in the draft and will be lost. Your text stays as a draft on this device."
              : "You have unsaved work. If you leave now, your draft and any attached files will be discarded."
        }
        confirmLabel={!entry && pendingHref !== null ? "Leave without files" : "Discard changes"}
        cancelLabel="Keep editing"
        danger
        onConfirm={() => (pendingHref !== null ? discardAndGo(pendingHref, !!entry) : discardAndGo(leaveTo))}
      />
      <ModelNotSupportedModal error={capError} onClose={() => setCapError(null)} />
      <SupportModal support={ai.support} onClose={ai.closeSupport} />
      <PsychologicalImageModal
        open={psych.open}
        loading={psych.loading}
        analysis={psych.analysis}
        imageUrl={psych.imageUrl}
        onClose={closePsych}
      />
    </div>
  );
}
