"use client";
import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import type { CapabilityError } from "@/client/ai";
import { entryFromHash } from "@/client/device";
import { useEntry } from "@/client/entries/use-entry";
import { ApiError, errorMessage } from "@/client/errors";
import { takeFocusRequest } from "@/client/focus-intent";
import { ErrorBox } from "@/components/feedback/error-box";
import { useToast, useToastsAbove } from "@/components/feedback/toast";
import { ModelNotSupportedModal, PsychologicalImageModal, SupportModal } from "@/components/modals/lazy-modals";
import { useCurrentModel } from "@/client/companion";
import { WordsCue } from "@/components/ui/words-cue";
import { RichTextEditor } from "@/components/richtext/rich-text-editor";
import type { EntryDto } from "@/contracts/entries";
import { EDITOR_ROWS_JOURNAL_PAGE, MAX_TITLE_CHARS } from "@/domain/constants";
import { appendDictated, appendParagraph, fieldsDiffer, type EditorFields } from "@/domain/editor";
import { modelAbilities } from "@/domain/models";
import type { DeviceEntry } from "@/domain/outbox";
import { addTag } from "@/domain/tags";
import { applyTemplate, type TemplateGuide } from "@/domain/templates";
import { hasText } from "@/domain/text";
import { EditorCheckIn } from "@/features/checkins/editor-check-in";
import { DiscardDialog, useEditorLeave } from "./editor-leave";
import { analysisOf, DraftRestored, EditorActionBar, EditorHeader, EditorSkeleton } from "./editor-parts";
import { TagsEditor } from "./tags-editor";
import { TemplateOffer } from "./template-offer";
import { useActionBar } from "./use-action-bar";
import { useEditorMedia } from "./use-editor-media";
import { useEntryAnalysis } from "./use-entry-analysis";
import { useEntryDraft } from "./use-entry-draft";
import { EMPTY_CONTENT_MESSAGE, KEPT_ON_DEVICE_MESSAGE, useSaveFlow } from "./use-save-flow";
import { useDailyPrompt } from "@/components/use-daily-prompt";
import { lazyWhenShown } from "@/components/lazy";

/** The insights panel beside the words fills in after a pause in typing: its code comes after the page. */
const InsightsPanel = lazyWhenShown(() => import("./insights-panel").then((m) => m.InsightsPanel));

/** Photos, audio and files sit below the words: their code comes after the page. */
/** The place field (and its use of the browser's location) loads after the page. */
const LocationField = lazyWhenShown(() => import("./location-field").then((m) => m.LocationField));
const MediaZone = lazyWhenShown(() => import("./media-zone").then((m) => m.MediaZone));

/** The recorder (microphone, recording, transcription) sits below the words: its code comes after the page. */
const VoiceRecorder = lazyWhenShown(() => import("@/components/recorder/voice-recorder").then((m) => m.VoiceRecorder));

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

/**
 * The editor: the form and its layout. Its concerns live beside it: the fields and a new entry's draft
 * (use-entry-draft), the save and its outcomes (use-save-flow), leaving with unsaved work (editor-leave),
 * files and recordings (use-editor-media), the live analysis (use-entry-analysis). `device` is set when the
 * entry's latest version is the one kept on this device.
 */
function EntryEditor({ entry, device }: { entry?: EntryDto; device?: DeviceEntry }) {
  // The day's prompt shows in the empty editor, as its placeholder (never saved).
  const dailyPrompt = useDailyPrompt();
  const toast = useToast();
  const isEdit = !!entry;
  const ids = useId();
  const ai = useEntryAnalysis(entry ? analysisOf(entry) : null, entry?.ai_model ?? null);
  const model = useCurrentModel();
  const abilities = modelAbilities(model);
  const { contentChanged } = ai;
  const draft = useEntryDraft(entry, contentChanged);
  const { fields, setFields, fieldsRef } = draft;

  const [removedIds, setRemovedIds] = useState<string[]>([]);
  const [capError, setCapError] = useState<CapabilityError | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const actionBarBottom = useActionBar(barRef, formRef);
  // Toasts sit above Cancel and Save, never over them.
  useToastsAbove(barRef);
  // Opened with N on Home: the cursor goes in the entry text.
  useEffect(() => {
    if (takeFocusRequest("entry-text")) textRef.current?.focus();
  }, []);
  const { media, mediaRef, rejections, setRejections, patchMedia, addFiles, keepRecording, removeMedia, ...deeper } =
    useEditorMedia({
      content: () => fieldsRef.current.content,
      onCapabilityError: setCapError,
      onError: (message, title) => toast.error(message, title),
    });

  const saveFlow = useSaveFlow({
    entry,
    device,
    baseline: draft.baseline,
    today: draft.today,
    fieldsRef,
    guideRef: draft.guideRef,
    analysis: ai.fresh && ai.analysis ? { ...ai.analysis, model: ai.model } : null,
    files: () => mediaRef.current.map((m) => ({ id: m.id, file: m.file })),
    removedIds,
    onFile: (id, upload) => patchMedia(id, { upload }),
    dropDraft: draft.dropDraft,
    // Declared below; called only once a save has finished.
    beforeLeave: () => leave.release(),
  });
  const { save, saving } = saveFlow;

  // A template as applied, nothing written in it yet, is not unsaved work; kept on this device (offline), the
  // words wait to sync: nothing is unsaved.
  const words = draft.untouched ? { ...fields, content: "" } : fields;
  const dirty =
    !saveFlow.keptOnDevice && (fieldsDiffer(words, draft.baseline) || media.length > 0 || removedIds.length > 0);
  const contentEmpty = !hasText(words.content);
  const leave = useEditorLeave({
    isEdit,
    dirty,
    // A new entry's text is kept as a draft; files and edits of a saved entry are not, so links ask first.
    holdLinks: (isEdit ? dirty : media.length > 0) && !saving,
    flushDraft: draft.flushDraft,
    dropDraft: draft.dropDraft,
  });

  // ---------------------------------------------------------------- field changes
  const update = (patch: Partial<EditorFields>) => setFields((f) => ({ ...f, ...patch }));
  const setContent = (content: string) => {
    setFields((f) => ({ ...f, content }));
    contentChanged(draft.wordsOf(content));
    saveFlow.contentTyped(content);
  };
  const appendText = (text: string) => setContent(appendParagraph(fieldsRef.current.content, text));
  /** Dictated phrases can come faster than the editor renders: each builds on the one before, never on a stale text. */
  const appendDictation = (text: string, continuing: boolean) => {
    const content = appendDictated(fieldsRef.current.content, text, continuing);
    fieldsRef.current = { ...fieldsRef.current, content };
    setContent(content);
  };
  const pickTemplate = (t: TemplateGuide | null) => {
    draft.chooseGuide(t);
    setContent(t ? applyTemplate(t) : "");
  };
  // An answer to a reflection question goes into the text under its question, so the draft and Save keep it.
  const answer = (edit: (content: string) => string) => {
    setContent(edit(fieldsRef.current.content));
    return true;
  };
  const addOneTag = (t: string) => {
    const r = addTag(fieldsRef.current.tags, t);
    if (r.ok) update({ tags: r.tags });
  };

  const title = entry ? "Edit Entry" : "New Entry";
  const emptyId = `${ids}-empty`;

  return (
    <div>
      <EditorHeader
        title={title}
        isEdit={isEdit}
        device={device}
        date={fields.date}
        onDate={(date) => update({ date })}
        disabled={saving}
      />

      {draft.showRestored && <DraftRestored onKeep={draft.keepRestored} onStartFresh={draft.startFresh} />}

      {saveFlow.keptOnDevice && (
        <p
          role="status"
          className="mt-4 rounded-xl border border-brand-100 bg-brand-50 px-4 py-2.5 text-sm text-brand-900"
        >
          {KEPT_ON_DEVICE_MESSAGE}
        </p>
      )}

      {saveFlow.error !== null && (
        <div className="mt-4">
          <ErrorBox
            title={entry ? "Failed to update entry" : "Failed to save entry"}
            error={saveFlow.error}
            onRetry={() => void save()}
            onDismiss={saveFlow.dismissError}
          />
        </div>
      )}

      {/* One column that never grows past the screen: a long file name (a phone's "PXL_20261127_093512345.jpeg")
          is cut short inside it instead of widening the page. */}
      <form
        ref={formRef}
        className="mt-6 grid grid-cols-1 gap-6 pb-16 md:pb-0 lg:grid-cols-[minmax(0,1fr)_20rem]"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        aria-label={title}
      >
        <div className="min-w-0 space-y-4">
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
          {!isEdit && (
            <TemplateOffer
              open={!hasText(fields.content) || draft.untouched}
              guide={draft.guide}
              mayApplyDefault={!draft.showRestored && !hasText(fields.content)}
              onApply={pickTemplate}
            />
          )}
          <RichTextEditor
            ref={textRef}
            label="Entry"
            value={fields.content}
            onChange={setContent}
            rows={EDITOR_ROWS_JOURNAL_PAGE}
            placeholder={dailyPrompt ? `Today's prompt: ${dailyPrompt}` : "What's on your mind today?"}
            onSubmitShortcut={() => void save()}
            describedBy={saveFlow.emptyError ? emptyId : undefined}
            invalid={saveFlow.emptyError}
          />
          {saveFlow.emptyError && (
            <p
              id={emptyId}
              role="alert"
              className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-2.5 text-sm text-amber-900"
            >
              {EMPTY_CONTENT_MESSAGE}
            </p>
          )}
        </div>

        <aside className="min-w-0 lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
          <InsightsPanel
            status={ai.status}
            analysis={ai.analysis}
            model={ai.model}
            content={fields.content}
            tags={fields.tags}
            onAddTag={addOneTag}
            onAnswer={answer}
          />
        </aside>

        <div className="min-w-0 space-y-4 lg:col-start-1 lg:row-start-2">
          <VoiceRecorder
            onAdd={appendText}
            onKeep={keepRecording}
            onCapabilityError={setCapError}
            onDictate={appendDictation}
          />
          <EditorCheckIn entryId={saveFlow.entryId} />
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
            onDeeper={(m) => void deeper.openDeeper(m)}
            canReadImages={model === undefined || abilities.images}
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
        <EditorActionBar
          barRef={barRef}
          style={{ bottom: actionBarBottom }}
          isEdit={isEdit}
          dirty={dirty}
          saving={saving}
          contentEmpty={contentEmpty}
          emptyMessage={EMPTY_CONTENT_MESSAGE}
          onCancel={leave.cancel}
          cue={<WordsCue model={model} />}
        />
      </form>

      <DiscardDialog state={leave.dialog} />
      <ModelNotSupportedModal error={capError} onClose={() => setCapError(null)} />
      <SupportModal support={ai.support} onClose={ai.closeSupport} />
      <PsychologicalImageModal
        open={deeper.psych.open}
        loading={deeper.psych.loading}
        analysis={deeper.psych.analysis}
        imageUrl={deeper.psych.imageUrl}
        onClose={deeper.closePsych}
      />
    </div>
  );
}
