"use client";
import clsx from "clsx";
import { Loader2, Mic, Square } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { capabilityErrorOf, transcribeAudio, type CapabilityError } from "@/client/ai";
import { ModelNotSupportedModal } from "@/components/modals/lazy-modals";
import {
  MICROPHONE_ERROR_MESSAGE,
  TRANSCRIPTION_ERROR_MESSAGE,
  useVoiceRecorder,
} from "@/components/recorder/use-voice-recorder";
import { RECORDING_FILENAME } from "@/domain/constants";
import { formatElapsed } from "@/domain/wav";

const RECORDER_ERRORS = {
  permission: MICROPHONE_ERROR_MESSAGE,
  unsupported: "Recording is not supported in this browser.",
  processing: "The recording could not be processed. Please try again.",
} as const;

/**
 * Voice input for the chat, on the Journal editor's recorder: the microphone button records, a second
 * press stops, and the recording (recording.wav) is transcribed into the message box, where it can be
 * read and changed before sending. A failed transcription keeps the recording for another try.
 */
export function useVoiceInput({
  disabled,
  onText,
  where,
}: {
  disabled: boolean;
  onText: (text: string) => void;
  /** Where a voice message is transcribed ("Sent to … for transcription"), said while recording. */
  where?: string;
}) {
  const rec = useVoiceRecorder();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [capability, setCapability] = useState<CapabilityError | null>(null);
  const handled = useRef<Blob | null>(null);
  const onTextRef = useRef(onText);
  useEffect(() => {
    onTextRef.current = onText;
  });

  const transcribe = async (wav: Blob) => {
    setBusy(true);
    setFailure(null);
    try {
      const res = await transcribeAudio(wav, RECORDING_FILENAME);
      const text = res.analysis.transcription.trim();
      if (!text) {
        setFailure("No speech was recognised in the recording.");
        rec.discard();
        return;
      }
      onTextRef.current(text);
      rec.discard();
    } catch (err) {
      console.warn("Transcription failed", err);
      const cap = capabilityErrorOf(err);
      if (cap) {
        setCapability(cap);
        rec.discard();
      } else setFailure(TRANSCRIPTION_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  // A finished recording is transcribed once, as soon as it is ready.
  const ready = rec.state === "recorded" ? rec.wavBlob : null;
  useEffect(() => {
    if (!ready || handled.current === ready) return;
    handled.current = ready;
    queueMicrotask(() => void transcribe(ready));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);

  const recording = rec.state === "recording";
  const working = busy || rec.state === "processing";
  const errorText = rec.error ? RECORDER_ERRORS[rec.error] : failure;

  const button = (
    <>
      {recording && (
        <span
          role="timer"
          aria-label="Recording time"
          className="self-center font-mono text-sm tabular-nums text-red-700"
        >
          {formatElapsed(rec.elapsedMs)}
        </span>
      )}
      <button
        type="button"
        onClick={() => {
          if (recording) rec.stop();
          else {
            setFailure(null);
            void rec.start();
          }
        }}
        disabled={working || (disabled && !recording)}
        aria-label={working ? "Transcribing..." : recording ? "Stop recording" : "Record a voice message"}
        aria-pressed={recording}
        className={clsx(
          "flex h-9 w-9 shrink-0 items-center justify-center rounded-xl transition-colors disabled:cursor-not-allowed disabled:text-stone-300",
          recording
            ? "bg-red-600 text-white hover:bg-red-700"
            : "text-stone-500 hover:bg-stone-100 hover:text-brand-700",
        )}
      >
        {working ? (
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
        ) : recording ? (
          <Square className="h-3.5 w-3.5" aria-hidden />
        ) : (
          <Mic className="h-4 w-4" aria-hidden />
        )}
      </button>
    </>
  );

  const notice =
    errorText || recording ? (
      <div
        className={clsx(
          "mb-2 flex flex-wrap items-center gap-2 rounded-xl px-3 py-2 text-sm",
          errorText ? "bg-red-50 text-red-800" : "bg-stone-50 text-stone-600",
        )}
      >
        {errorText ? (
          <>
            <p role="alert" className="min-w-0 flex-1">
              {errorText}
            </p>
            {failure === TRANSCRIPTION_ERROR_MESSAGE && rec.wavBlob && (
              <span className="flex gap-1">
                <button
                  type="button"
                  onClick={() => void transcribe(rec.wavBlob!)}
                  disabled={busy}
                  className="rounded-lg bg-red-600 px-2.5 py-1 text-xs font-medium text-white hover:bg-red-700"
                >
                  Try again
                </button>
                <button
                  type="button"
                  onClick={() => {
                    rec.discard();
                    setFailure(null);
                  }}
                  className="rounded-lg px-2.5 py-1 text-xs font-medium hover:bg-red-100"
                >
                  Discard
                </button>
              </span>
            )}
          </>
        ) : (
          <p className="flex items-center gap-2">
            <span className="h-2 w-2 animate-pulse rounded-full bg-red-500" aria-hidden />
            Listening... press the stop button when you are done.{where ? ` ${where}.` : ""}
          </p>
        )}
      </div>
    ) : null;

  const modal = <ModelNotSupportedModal error={capability} onClose={() => setCapability(null)} />;
  return { button, notice, modal };
}
