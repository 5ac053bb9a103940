"use client";
import { useEffect, useRef, useState } from "react";
import { v7 as uuidv7 } from "uuid";
import {
  analyzeImage,
  analyzePsychologicalImage,
  capabilityErrorOf,
  transcribeAudio,
  type CapabilityError,
} from "@/client/ai";
import { errorMessage } from "@/client/errors";
import type { KeptRecording } from "@/components/recorder/voice-recorder";
import type { PsychologicalImageAnalysisDto } from "@/contracts/ai";
import { runBatch } from "@/domain/editor";
import { isMediaTooLarge, mediaKindOf, mediaTooLargeMessage, unsupportedMediaMessage } from "@/domain/media";
import type { NewMedia } from "./media-zone";

const isBlob = (v: unknown): v is Blob => typeof Blob !== "undefined" && v instanceof Blob;

/**
 * The files chosen in the editor, until the entry is saved: accepted or refused as they are added,
 * analysed (an image described, a recording transcribed), removed, and the deeper reading of an image.
 */
export function useEditorMedia({
  content,
  onCapabilityError,
  onError,
}: {
  /** The entry's text now (the deeper reading of an image reads it too). */
  content: () => string;
  onCapabilityError: (err: CapabilityError) => void;
  onError: (message: string, title: string) => void;
}) {
  const [media, setMedia] = useState<NewMedia[]>([]);
  const [rejections, setRejections] = useState<string[]>([]);
  const [psych, setPsych] = useState<{
    open: boolean;
    loading: boolean;
    analysis: PsychologicalImageAnalysisDto | null;
    imageUrl?: string;
  }>({
    open: false,
    loading: false,
    analysis: null,
  });
  const psychAbort = useRef<AbortController | null>(null);
  const mediaRef = useRef(media);
  useEffect(() => {
    mediaRef.current = media;
  });

  // Object URLs of chosen files are released when the editor goes away.
  useEffect(
    () => () => {
      for (const m of mediaRef.current) URL.revokeObjectURL(m.previewUrl);
      psychAbort.current?.abort();
    },
    [],
  );

  const patchMedia = (id: string, patch: Partial<NewMedia>) =>
    setMedia((ms) => ms.map((m) => (m.id === id ? { ...m, ...patch } : m)));

  const analyzeMedia = (items: NewMedia[]) => {
    void runBatch(
      items.map((m) => ({ id: m.id, kind: m.kind, data: m.file as Blob | string })),
      isBlob,
      async (task, item) => {
        const file = item.data as File;
        if (task === "image") {
          const r = await analyzeImage(file);
          patchMedia(item.id, { analysis: "done", description: r.analysis.description });
          return r;
        }
        const r = await transcribeAudio(file, file.name);
        patchMedia(item.id, { analysis: "done", transcription: r.analysis.transcription.trim() || undefined });
        return r;
      },
      (item, err) => {
        // A model that cannot see images or hear audio is not an error worth a modal: the file is
        // attached all the same, and a quiet note beside it says what insights would need.
        const cap = capabilityErrorOf(err);
        if (cap) {
          patchMedia(item.id, { analysis: "unsupported" });
          return;
        }
        console.warn(`Media analysis failed for ${(item.data as File).name}`, err);
        patchMedia(item.id, { analysis: "failed" });
      },
    );
  };

  const addFiles = (files: File[]) => {
    const rejected: string[] = [];
    const accepted: NewMedia[] = [];
    for (const file of files) {
      if (isMediaTooLarge(file.size)) {
        rejected.push(mediaTooLargeMessage(file.name));
        continue;
      }
      const kind = mediaKindOf(file.type);
      if (!kind) {
        rejected.push(unsupportedMediaMessage(file.name));
        continue;
      }
      accepted.push({
        id: uuidv7(),
        file,
        kind,
        previewUrl: URL.createObjectURL(file),
        analysis: kind === "video" ? "none" : "analyzing",
      });
    }
    setRejections(rejected);
    if (accepted.length) {
      setMedia((ms) => [...ms, ...accepted]);
      analyzeMedia(accepted);
    }
  };

  /** A voice recording is always kept as an audio file of the entry. */
  const keepRecording = (file: File, outcome: KeptRecording) => {
    const item: NewMedia = {
      id: uuidv7(),
      file,
      kind: "audio",
      previewUrl: URL.createObjectURL(file),
      analysis: outcome === "no-speech-model" ? "unsupported" : "none",
      recording: true,
    };
    setMedia((ms) => [...ms, item]);
  };

  const removeMedia = (id: string) => {
    setMedia((ms) => {
      const m = ms.find((x) => x.id === id);
      if (m) URL.revokeObjectURL(m.previewUrl);
      return ms.filter((x) => x.id !== id);
    });
  };

  const openDeeper = async (item: NewMedia) => {
    psychAbort.current?.abort();
    const ctrl = new AbortController();
    psychAbort.current = ctrl;
    setPsych({ open: true, loading: true, analysis: null, imageUrl: item.previewUrl });
    try {
      const r = await analyzePsychologicalImage(item.file, content(), ctrl.signal);
      if (!ctrl.signal.aborted)
        setPsych({ open: true, loading: false, analysis: r.analysis, imageUrl: item.previewUrl });
    } catch (err) {
      if (ctrl.signal.aborted) return;
      console.warn("Psychological image analysis failed", err);
      setPsych({ open: false, loading: false, analysis: null });
      const cap = capabilityErrorOf(err);
      if (cap) onCapabilityError(cap);
      else onError(errorMessage(err), "Failed to analyze image. Please try again.");
    }
  };

  const closePsych = () => {
    psychAbort.current?.abort();
    setPsych({ open: false, loading: false, analysis: null });
  };

  return {
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
  };
}
