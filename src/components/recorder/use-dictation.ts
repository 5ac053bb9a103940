"use client";
import { useEffect, useRef, useState } from "react";

/**
 * Live dictation with the browser's own speech recognition, offered only where the browser confirms it runs on
 * this device: the Web Speech API's `processLocally` (SpeechRecognition.available({ langs, processLocally: true })
 * answers "available", or "downloadable" for a language pack it can install). A recognizer that might send the
 * audio to the browser maker's service is never used: without that confirmation nothing is offered.
 */

type Availability = "available" | "downloadable" | "downloading" | "unavailable";

interface RecognitionAlternative {
  transcript: string;
}
interface RecognitionResult {
  readonly isFinal: boolean;
  readonly length: number;
  [index: number]: RecognitionAlternative;
}
interface RecognitionEvent {
  readonly resultIndex: number;
  readonly results: { readonly length: number; [index: number]: RecognitionResult };
}
interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  processLocally: boolean;
  onresult: ((e: RecognitionEvent) => void) | null;
  onerror: ((e: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
interface RecognitionCtor {
  new (): Recognition;
  available?: (o: { langs: string[]; processLocally: boolean }) => Promise<Availability>;
  install?: (o: { langs: string[]; processLocally: boolean }) => Promise<boolean>;
}

/** The recognizer class, when the browser has one that can be asked to stay on the device. */
function recognitionClass(): RecognitionCtor | null {
  if (typeof window === "undefined") return null;
  const w = window as unknown as { SpeechRecognition?: RecognitionCtor; webkitSpeechRecognition?: RecognitionCtor };
  const Ctor = w.SpeechRecognition ?? w.webkitSpeechRecognition;
  if (!Ctor || typeof Ctor.available !== "function") return null;
  if (!("processLocally" in Ctor.prototype)) return null;
  return Ctor;
}

const dictationLang = () => (typeof navigator !== "undefined" && navigator.language) || "en-US";

export type DictationOffer = "available" | "downloadable" | null;

/** Whether on-device dictation can be offered here: null while checking and where it cannot be confirmed. */
export function useDictationOffer(): { offer: DictationOffer; checked: boolean } {
  const [state, setState] = useState<{ offer: DictationOffer; checked: boolean }>({ offer: null, checked: false });
  useEffect(() => {
    let live = true;
    const Ctor = recognitionClass();
    const done = (offer: DictationOffer) => live && setState({ offer, checked: true });
    if (!Ctor) {
      queueMicrotask(() => done(null));
      return;
    }
    Ctor.available!({ langs: [dictationLang()], processLocally: true })
      .then((a) =>
        done(a === "available" ? "available" : a === "downloadable" || a === "downloading" ? "downloadable" : null),
      )
      .catch(() => done(null));
    return () => {
      live = false;
    };
  }, []);
  return state;
}

const ERRORS: Record<string, string> = {
  "not-allowed": "Could not access microphone. Please check permissions.",
  "audio-capture": "No microphone was found.",
  "language-not-supported": "Dictation on this device does not support your language yet.",
  "service-not-allowed": "This browser cannot dictate on this device right now.",
};

/**
 * Dictation: start listens (installing the language pack first when the browser offers one to download), each
 * finished phrase goes to `onPhrase` (continuing says whether it follows an earlier phrase of the same dictation),
 * the phrase being spoken shows as `interim`, stop ends it.
 */
export function useDictation(onPhrase: (text: string, continuing: boolean) => void) {
  const { offer, checked } = useDictationOffer();
  const [listening, setListening] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const [interim, setInterim] = useState("");
  const [error, setError] = useState<string | null>(null);
  const rec = useRef<Recognition | null>(null);
  const onPhraseRef = useRef(onPhrase);
  useEffect(() => {
    onPhraseRef.current = onPhrase;
  });
  useEffect(() => () => rec.current?.abort(), []);

  const start = async () => {
    const Ctor = recognitionClass();
    if (!Ctor || !offer || rec.current) return;
    setError(null);
    const langs = [dictationLang()];
    if (offer === "downloadable") {
      setPreparing(true);
      const ok = await Ctor.install?.({ langs, processLocally: true }).catch(() => false);
      setPreparing(false);
      if (!ok) {
        setError("The speech pack for dictation could not be installed in this browser.");
        return;
      }
    }
    const r = new Ctor();
    r.processLocally = true;
    // Never listen unless the browser took the on-device requirement.
    if (r.processLocally !== true) {
      setError("This browser cannot promise to keep dictation on this device, so it is not used.");
      return;
    }
    r.lang = langs[0];
    r.continuous = true;
    r.interimResults = true;
    let continuing = false;
    r.onresult = (e) => {
      let pending = "";
      const finals: string[] = [];
      for (let i = e.resultIndex; i < e.results.length; i++) {
        const result = e.results[i];
        const text = (result[0]?.transcript ?? "").trim();
        if (result.isFinal) {
          if (text) finals.push(text);
        } else pending += ` ${text}`;
      }
      // One change of the entry per event, whatever number of phrases it finished.
      if (finals.length) {
        onPhraseRef.current(finals.join(" "), continuing);
        continuing = true;
      }
      setInterim(pending.trim());
    };
    r.onerror = (e) => {
      if (e.error === "no-speech" || e.error === "aborted") return;
      setError(ERRORS[e.error] ?? "Dictation stopped. Please try again.");
    };
    r.onend = () => {
      rec.current = null;
      setListening(false);
      setInterim("");
    };
    rec.current = r;
    try {
      r.start();
      setListening(true);
    } catch {
      rec.current = null;
      setError("Dictation could not start. Please try again.");
    }
  };

  const stop = () => rec.current?.stop();

  return { offer, checked, listening, preparing, interim, error, start, stop };
}

export type DictationApi = ReturnType<typeof useDictation>;
