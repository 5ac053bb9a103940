"use client";
import { AudioLines, Mic } from "lucide-react";
import { useTranscriber } from "@/client/companion";
import { useDictationOffer } from "@/components/recorder/use-dictation";

/**
 * Settings' word on voice: where recordings are transcribed (a transcription server, the chat model, or nowhere,
 * with how to enable it) and whether live dictation on this device is offered in this browser.
 */
export function VoiceInfo() {
  const transcriber = useTranscriber();
  const dictation = useDictationOffer();
  return (
    <div className="rounded-xl border border-stone-200 bg-stone-50 p-4 text-sm text-stone-800" data-testid="voice-info">
      <p className="flex items-start gap-2">
        <Mic className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden />
        <span data-testid="voice-transcriber">
          <strong className="font-semibold">Voice recordings:</strong>{" "}
          {transcriber === undefined ? (
            "checking..."
          ) : transcriber.kind === "none" ? (
            <>
              {transcriber.label}. {transcriber.how}.
            </>
          ) : (
            <>{transcriber.label}.</>
          )}
        </span>
      </p>
      <p className="mt-2 flex items-start gap-2">
        <AudioLines className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden />
        <span data-testid="voice-dictation">
          <strong className="font-semibold">Live dictation:</strong>{" "}
          {!dictation.checked
            ? "checking..."
            : dictation.offer === "downloadable"
              ? "offered in the editor; it runs in your browser, on this device, and the audio never leaves it. The first time, your browser fetches its speech pack for your language from its maker (no audio is sent)."
              : dictation.offer
                ? "offered in the editor; it runs in your browser, on this device, and the audio never leaves it."
                : "not offered in this browser: it cannot confirm that speech is recognised on this device, and audio is never sent to a browser maker's service. Chrome with on-device speech recognition offers it."}
        </span>
      </p>
    </div>
  );
}
