"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import { RECORDING_FILENAME } from "@/domain/constants";
import { encodeWav, SPEECH_SAMPLE_RATE, WAV_MIME } from "@/domain/wav";

export type RecorderState = "idle" | "recording" | "processing" | "recorded";
export type RecorderError = "permission" | "unsupported" | "processing";

/** Five minutes of 16 kHz mono 16-bit audio stay under the 10 MB media limit. */
export const MAX_RECORDING_MS = 5 * 60 * 1000;

export const MICROPHONE_ERROR_MESSAGE = "Could not access microphone. Please check permissions.";
export const TRANSCRIPTION_ERROR_MESSAGE = "Failed to transcribe audio. Please try again.";

/**
 * Records from the microphone and gives the result as a real WAV file (recording.wav).
 * The browser records compressed audio; when recording stops it is decoded, resampled to 16 kHz mono
 * and written as 16-bit PCM WAV.
 */
export function useVoiceRecorder() {
  const [state, setState] = useState<RecorderState>("idle");
  const [elapsedMs, setElapsedMs] = useState(0);
  const [durationMs, setDurationMs] = useState(0);
  const [wavBlob, setWavBlob] = useState<Blob | null>(null);
  const [wavUrl, setWavUrl] = useState<string | null>(null);
  const [error, setError] = useState<RecorderError | null>(null);

  const recorderRef = useRef<MediaRecorder | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const timerRef = useRef<ReturnType<typeof setInterval>>(undefined);
  const startedAtRef = useRef(0);
  const urlRef = useRef<string | null>(null);
  const cancelledRef = useRef(false);

  const stopTracks = () => {
    streamRef.current?.getTracks().forEach((t) => t.stop());
    streamRef.current = null;
    clearInterval(timerRef.current);
  };

  const setUrl = (url: string | null) => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = url;
    setWavUrl(url);
  };

  useEffect(
    () => () => {
      cancelledRef.current = true;
      if (recorderRef.current?.state === "recording") recorderRef.current.stop();
      stopTracks();
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );

  const finish = useCallback(async (chunks: Blob[], mimeType: string) => {
    try {
      const recorded = new Blob(chunks, { type: mimeType });
      const wav = await toWav(recorded);
      if (cancelledRef.current) return;
      setWavBlob(wav.blob);
      setDurationMs(wav.durationMs);
      setUrl(URL.createObjectURL(wav.blob));
      setState("recorded");
    } catch (err) {
      console.warn("Could not process the recording", err);
      if (cancelledRef.current) return;
      setError("processing");
      setState("idle");
    }
  }, []);

  const start = useCallback(async (): Promise<boolean> => {
    if (recorderRef.current?.state === "recording") return true;
    setError(null);
    if (
      typeof navigator === "undefined" ||
      !navigator.mediaDevices?.getUserMedia ||
      typeof MediaRecorder === "undefined"
    ) {
      setError("unsupported");
      return false;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
    } catch (err) {
      console.warn("Microphone unavailable", err);
      setError("permission");
      return false;
    }
    cancelledRef.current = false;
    streamRef.current = stream;
    const recorder = new MediaRecorder(stream);
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    recorder.onstop = () => {
      stopTracks();
      setElapsedMs(Date.now() - startedAtRef.current);
      setState("processing");
      void finish(chunks, recorder.mimeType);
    };
    recorderRef.current = recorder;
    setWavBlob(null);
    setUrl(null);
    startedAtRef.current = Date.now();
    setElapsedMs(0);
    recorder.start(500);
    setState("recording");
    timerRef.current = setInterval(() => {
      const ms = Date.now() - startedAtRef.current;
      setElapsedMs(ms);
      if (ms >= MAX_RECORDING_MS && recorder.state === "recording") recorder.stop();
    }, 250);
    return true;
  }, [finish]);

  const stop = useCallback(() => {
    if (recorderRef.current?.state === "recording") recorderRef.current.stop();
  }, []);

  const discard = useCallback(() => {
    if (recorderRef.current?.state === "recording") {
      recorderRef.current.onstop = () => stopTracks();
      recorderRef.current.stop();
    }
    recorderRef.current = null;
    stopTracks();
    setWavBlob(null);
    setUrl(null);
    setElapsedMs(0);
    setDurationMs(0);
    setError(null);
    setState("idle");
  }, []);

  const wavFile = useCallback(
    () => (wavBlob ? new File([wavBlob], RECORDING_FILENAME, { type: WAV_MIME }) : null),
    [wavBlob],
  );

  return {
    state,
    elapsedMs,
    durationMs,
    start,
    stop,
    discard,
    wavBlob,
    wavUrl,
    wavFile,
    error,
    clearError: () => setError(null),
  };
}

export type VoiceRecorderApi = ReturnType<typeof useVoiceRecorder>;

/** Decodes recorded audio, resamples it to 16 kHz mono and encodes it as WAV. */
async function toWav(recorded: Blob): Promise<{ blob: Blob; durationMs: number }> {
  const bytes = await recorded.arrayBuffer();
  const ctx = new AudioContext();
  let decoded: AudioBuffer;
  try {
    decoded = await ctx.decodeAudioData(bytes);
  } finally {
    void ctx.close();
  }
  const frames = Math.max(1, Math.ceil(decoded.duration * SPEECH_SAMPLE_RATE));
  const offline = new OfflineAudioContext(1, frames, SPEECH_SAMPLE_RATE);
  const source = offline.createBufferSource();
  source.buffer = decoded;
  source.connect(offline.destination);
  source.start();
  const rendered = await offline.startRendering();
  const wav = encodeWav([rendered.getChannelData(0)], SPEECH_SAMPLE_RATE);
  return { blob: new Blob([wav.buffer as ArrayBuffer], { type: WAV_MIME }), durationMs: rendered.duration * 1000 };
}
