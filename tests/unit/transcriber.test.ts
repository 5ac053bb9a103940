import { describe, expect, it } from "vitest";
import { appendDictated } from "@/domain/editor";
import {
  chooseTranscriber,
  DEFAULT_TRANSCRIBE_MODEL,
  modelAbilities,
  readTranscribeSettings,
  TRANSCRIPTION_HOW,
} from "@/domain/models";

describe("readTranscribeSettings", () => {
  it("is none when nothing is set (blank counts as unset)", () => {
    expect(readTranscribeSettings({})).toEqual({ kind: "none" });
    expect(readTranscribeSettings({ baseUrl: "  ", model: "", apiKey: " " })).toEqual({ kind: "none" });
  });

  it("appends /v1 to a bare origin and keeps a path as given", () => {
    expect(readTranscribeSettings({ baseUrl: "http://localhost:8000" })).toEqual({
      kind: "endpoint",
      url: "http://localhost:8000/v1",
      endpoint: { host: "localhost", model: DEFAULT_TRANSCRIBE_MODEL },
    });
    expect(readTranscribeSettings({ baseUrl: "https://speech.home.arpa/whisper/v1/", model: " large-v3 " })).toEqual({
      kind: "endpoint",
      url: "https://speech.home.arpa/whisper/v1",
      endpoint: { host: "speech.home.arpa", model: "large-v3" },
    });
    expect(readTranscribeSettings({ baseUrl: "http://[::1]:9000" })).toMatchObject({
      endpoint: { host: "::1" },
      url: "http://[::1]:9000/v1",
    });
  });

  it.each([
    [{ model: "whisper-1" }, "TRANSCRIBE_MODEL is set but TRANSCRIBE_BASE_URL is not"],
    [{ apiKey: "k" }, "TRANSCRIBE_API_KEY is set but TRANSCRIBE_BASE_URL is not"],
    [{ baseUrl: "localhost:8000" }, "must start with http:// or https://"],
    [{ baseUrl: "whisper" }, "not a valid address"],
    [{ baseUrl: "file:///tmp/x" }, "must start with http:// or https://"],
    [{ baseUrl: "http://me:secret@host/v1" }, "user name or password"],
    [{ baseUrl: "http://host/v1?x=1" }, "query or a fragment"],
    [{ baseUrl: "http://host", model: "m".repeat(200) }, "TRANSCRIBE_MODEL is longer"],
  ])("refuses %o", (settings, problem) => {
    const r = readTranscribeSettings(settings);
    expect(r.kind).toBe("invalid");
    expect(r.kind === "invalid" && r.problem).toContain(problem);
  });
});

describe("chooseTranscriber", () => {
  const endpoint = { host: "whisper.lan", model: "small" };

  it("a transcription server wins whatever the chat model is, and says where audio goes", () => {
    for (const model of [
      "ollama/gemma3n:e4b",
      "local/offline",
      "gemini/gemini-2.5-flash",
      "openai/gpt-4o",
      undefined,
    ]) {
      expect(chooseTranscriber(model, { endpoint })).toEqual({
        kind: "endpoint",
        host: "whisper.lan",
        model: "small",
        label: "Sent to whisper.lan for transcription (small)",
      });
    }
  });

  it("without one, the chat model transcribes exactly when modelAbilities says it hears audio", () => {
    const models = ["gemini/gemini-2.5-flash", "openai/gpt-4o-mini", "ollama/gemma3n:e4b", "local/offline", "nope"];
    for (const model of models) {
      const t = chooseTranscriber(model, { endpoint: null });
      expect(t.kind === "model").toBe(modelAbilities(model).audio);
    }
    expect(chooseTranscriber("gemini/gemini-2.5-flash", { endpoint: null }).label).toBe(
      "Sent to Google Gemini for transcription (gemini-2.5-flash)",
    );
    expect(chooseTranscriber("openai/gpt-4o-mini", { endpoint: null }).label).toBe(
      "Sent to OpenAI for transcription (whisper-1)",
    );
  });

  it("none says how to enable it; a bad setting says what to fix and never falls back to a cloud model", () => {
    expect(chooseTranscriber("ollama/gemma3n:e4b", { endpoint: null })).toEqual({
      kind: "none",
      label: "No transcription: recordings are kept as audio",
      how: TRANSCRIPTION_HOW,
    });
    expect(TRANSCRIPTION_HOW).toContain("TRANSCRIBE_BASE_URL");
    const bad = chooseTranscriber("gemini/gemini-2.5-flash", { endpoint: null, problem: "TRANSCRIBE_BASE_URL is bad" });
    expect(bad).toMatchObject({ kind: "none", how: "TRANSCRIBE_BASE_URL is bad" });
  });
});

describe("appendDictated", () => {
  it("starts a paragraph with the first phrase and continues it with the next", () => {
    let text = "Morning pages.";
    text = appendDictated(text, " I slept well ", false);
    expect(text).toBe("Morning pages.\n\nI slept well");
    text = appendDictated(text, "and woke up  early", true);
    expect(text).toBe("Morning pages.\n\nI slept well and woke up early");
    expect(appendDictated("", "hello", true)).toBe("hello");
    expect(appendDictated("", "hello", false)).toBe("hello");
    expect(appendDictated("a", "   ", true)).toBe("a");
    expect(appendDictated("line\n", "next", true)).toBe("line\nnext");
  });
});
