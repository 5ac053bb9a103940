"use client";
import clsx from "clsx";
import { AudioLines, Loader2, Mic, Pause, Play, Plus, Square, Trash2 } from "lucide-react";
import Link from "next/link";
import { useRef, useState } from "react";
import { capabilityErrorOf, transcribeAudio, type CapabilityError } from "@/client/ai";
import { errorMessage } from "@/client/errors";
import { useToast } from "@/components/feedback/toast";
import { Button } from "@/components/ui/button";
import { RECORDING_FILENAME, storageKey } from "@/domain/constants";
import { useTranscriber } from "@/client/companion";
import { TRANSCRIPTION_NEEDS } from "@/domain/models";
import { formatElapsed } from "@/domain/wav";
import { useDictation } from "./use-dictation";
import { MICROPHONE_ERROR_MESSAGE, TRANSCRIPTION_ERROR_MESSAGE, useVoiceRecorder } from "./use-voice-recorder";

const RECORDER_ERRORS = {
  permission: MICROPHONE_ERROR_MESSAGE,
  unsupported: "Recording is not supported in this browser.",
  processing: "The recording could not be processed. Please try again.",
} as const;

/** What became of a recording kept with the entry. */
export type KeptRecording = "transcribed" | "no-speech-model" | "failed";

const TOLD_NO_SPEECH_KEY = storageKey("told-no-speech-model");

/** Whether the person was already told, since this tab was opened, that transcription needs a model. */
function toldAlready(): boolean {
  try {
    return window.sessionStorage.getItem(TOLD_NO_SPEECH_KEY) === "1";
  } catch {
    return false;
  }
}
function rememberTold() {
  try {
    window.sessionStorage.setItem(TOLD_NO_SPEECH_KEY, "1");
  } catch {
    /* private mode: told again next time, which is harmless */
  }
}

/**
 * Voice recorder (spec section 4): idle, recording with an m:ss timer, recorded with Play/Pause,
 * Add to Entry and Discard. Add to Entry transcribes recording.wav and hands the text to `onAdd`.
 * With `onKeep`, the recording itself is always kept as an audio file of the entry too (once per
 * recording): when the model cannot transcribe audio, the person is told once, kindly, with no modal,
 * and the recording stays with the entry. Any other failure keeps it in the recorder to try again.
 * A recording whose transcription fails is kept with the entry all the same, and stays here for another try.
 * When nothing can transcribe (the transcriber chosen for the current model and the server's setup), transcription
 * is not promised nor asked for: the recording is kept as audio; the transcriber says where recordings go. With `onDictate`, where the browser confirms it
 * recognises speech on this device, live dictation is offered beside the recorder, marked as running in the browser.
 */
export function VoiceRecorder({
  onAdd,
  onKeep,
  onCapabilityError,
  onDictate,
  className,
}: {
  onDictate?: (text: string, continuing: boolean) => void;
  onAdd: (text: string) => void;
  onKeep?: (file: File, outcome: KeptRecording) => void;
  onCapabilityError?: (e: CapabilityError) => void;
  className?: string;
}) {
  const rec = useVoiceRecorder();
  const transcriber = useTranscriber();
  const canTranscribe = transcriber === undefined || transcriber.kind !== "none";
  const dictation = useDictation((text, continuing) => onDictate?.(text, continuing));
  const canDictate = !!onDictate && dictation.offer !== null;
  const toast = useToast();
  const audioRef = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [note, setNote] = useState(false);
  /** The recording already kept with the entry (a retry does not keep it twice). */
  const kept = useRef<Blob | null>(null);

  const keep = (blob: Blob, outcome: KeptRecording) => {
    if (!onKeep || kept.current === blob) return;
    kept.current = blob;
    onKeep(new File([blob], RECORDING_FILENAME, { type: blob.type || "audio/wav" }), outcome);
  };

  const keptWithoutModel = (blob: Blob) => {
    keep(blob, "no-speech-model");
    setPlaying(false);
    rec.discard();
    if (!toldAlready()) {
      rememberTold();
      setNote(true);
    }
  };

  const add = async () => {
    const blob = rec.wavBlob;
    if (!blob) return;
    if (!canTranscribe && onKeep) {
      setFailure(null);
      keptWithoutModel(blob);
      return;
    }
    setBusy(true);
    setFailure(null);
    setNote(false);
    try {
      const res = await transcribeAudio(blob, RECORDING_FILENAME);
      const text = res.analysis.transcription.trim();
      if (!text) {
        setFailure("No speech was recognised in the recording.");
        return;
      }
      onAdd(text);
      keep(blob, "transcribed");
      setPlaying(false);
      rec.discard();
    } catch (err) {
      console.warn("Transcription failed", err);
      const cap = capabilityErrorOf(err);
      if (cap && onKeep) {
        // No model that can listen: the recording is kept with the entry, and that is fine.
        keptWithoutModel(blob);
        return;
      }
      setFailure(TRANSCRIPTION_ERROR_MESSAGE);
      // Never lose a recording: it is kept with the entry now, and stays here to try the transcription again.
      if (!cap) keep(blob, "failed");
      if (cap && onCapabilityError) onCapabilityError(cap);
      else toast.error(errorMessage(err), TRANSCRIPTION_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  const togglePlay = () => {
    const a = audioRef.current;
    if (!a) return;
    if (a.paused) void a.play();
    else a.pause();
  };

  const errorText = rec.error ? RECORDER_ERRORS[rec.error] : null;

  return (
    <section
      aria-label="Voice recorder"
      data-dictation={!onDictate ? undefined : dictation.checked ? (dictation.offer ?? "none") : "checking"}
      className={clsx("rounded-2xl border border-stone-200 bg-white p-4 shadow-sm", className)}
    >
      <div className="flex flex-wrap items-center gap-3">
        {rec.state === "idle" && dictation.listening && (
          <>
            <span className="relative flex h-3 w-3" aria-hidden>
              <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-brand-400 opacity-75" />
              <span className="relative inline-flex h-3 w-3 rounded-full bg-brand-600" />
            </span>
            <p role="status" className="min-w-0 flex-1 text-sm text-stone-600" data-testid="dictation-status">
              Listening in your browser... your words go straight into the entry.
              {dictation.interim && (
                <span className="mt-0.5 block italic text-stone-500" data-testid="dictation-interim">
                  {dictation.interim}
                </span>
              )}
            </p>
            <Button variant="danger" onClick={dictation.stop} className="ml-auto">
              <Square className="h-4 w-4" aria-hidden />
              Stop dictation
            </Button>
          </>
        )}
        {rec.state === "idle" && !dictation.listening && (
          <>
            <Button
              variant="secondary"
              onClick={() => {
                setFailure(null);
                void rec.start();
              }}
            >
              <Mic className="h-4 w-4 text-brand-600" aria-hidden />
              Record voice
            </Button>
            {canDictate && (
              <Button
                variant="secondary"
                onClick={() => void dictation.start()}
                disabled={dictation.preparing}
                data-testid="dictate-button"
              >
                {dictation.preparing ? (
                  <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
                ) : (
                  <AudioLines className="h-4 w-4 text-brand-600" aria-hidden />
                )}
                <span>
                  Dictate <span className="text-xs font-normal text-stone-500">· runs in your browser</span>
                </span>
              </Button>
            )}
            {canTranscribe ? (
              <p className="text-sm text-stone-500">
                Speak your thoughts; they are transcribed into your entry.
                {transcriber && transcriber.kind !== "none" && (
                  <span className="block text-xs text-stone-500" data-testid="transcriber-cue">
                    Recordings: {transcriber.label}.
                  </span>
                )}
              </p>
            ) : (
              <p className="text-sm text-stone-500" data-testid="transcription-needs">
                {TRANSCRIPTION_NEEDS}.{" "}
                <Link href="/settings#model" className="font-medium text-brand-700 underline-offset-2 hover:underline">
                  Choose a model
                </Link>
              </p>
            )}
            {canDictate && (
              <p className="basis-full text-xs text-stone-500" data-testid="dictation-cue">
                {dictation.offer === "downloadable"
                  ? "Dictation is recognised on this device by your browser (it downloads its speech pack first); the audio never leaves it."
                  : "Dictation is recognised on this device by your browser; the audio never leaves it."}
              </p>
            )}
          </>
        )}
        {rec.state === "recording" && (
          <>
            <span className="relative flex h-3 w-3" aria-hidden>
              <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-red-400 opacity-75" />
              <span className="relative inline-flex h-3 w-3 rounded-full bg-red-500" />
            </span>
            <span className="font-mono text-lg tabular-nums text-stone-900" role="timer" aria-label="Recording time">
              {formatElapsed(rec.elapsedMs)}
            </span>
            <span className="text-sm text-stone-500">Recording...</span>
            <Button variant="danger" onClick={rec.stop} className="ml-auto">
              <Square className="h-4 w-4" aria-hidden />
              Stop
            </Button>
          </>
        )}
        {rec.state === "processing" && (
          <p role="status" className="flex items-center gap-2 text-sm text-stone-600">
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
            Preparing the recording...
          </p>
        )}
        {rec.state === "recorded" && rec.wavUrl && (
          <>
            <audio
              ref={audioRef}
              src={rec.wavUrl}
              preload="auto"
              onPlay={() => setPlaying(true)}
              onPause={() => setPlaying(false)}
              onEnded={() => setPlaying(false)}
              data-testid="recording-audio"
            />
            <Button
              variant="secondary"
              onClick={togglePlay}
              aria-label={playing ? "Pause recording" : "Play recording"}
              disabled={busy}
            >
              {playing ? <Pause className="h-4 w-4" aria-hidden /> : <Play className="h-4 w-4" aria-hidden />}
              {playing ? "Pause" : "Play"}
            </Button>
            <span className="font-mono text-sm tabular-nums text-stone-600">
              {formatElapsed(rec.durationMs || rec.elapsedMs)}
            </span>
            <div className="ml-auto flex flex-wrap gap-2">
              <Button
                variant="ghost"
                onClick={() => {
                  setPlaying(false);
                  rec.discard();
                }}
                disabled={busy}
              >
                <Trash2 className="h-4 w-4" aria-hidden />
                Discard
              </Button>
              <Button onClick={add} disabled={busy}>
                {busy ? (
                  <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
                ) : (
                  <Plus className="h-4 w-4" aria-hidden />
                )}
                {busy ? "Transcribing..." : "Add to Entry"}
              </Button>
            </div>
          </>
        )}
      </div>
      {note && (
        <p
          role="status"
          className="mt-3 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900"
          data-testid="recording-kept-note"
        >
          Your recording is kept with this entry, so you can listen to it any time. Turning speech into text needs a
          model that can listen to audio; you can choose one in{" "}
          <Link href="/settings" className="font-medium underline underline-offset-2">
            Settings
          </Link>
          .
        </p>
      )}
      {(errorText || failure || dictation.error) && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {errorText ?? failure ?? dictation.error}
        </p>
      )}
    </section>
  );
}
