import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { grantTestConsents } from "../support/api-consent";
import * as image from "@/app/api/ai/analyze-image/route";
import * as analyze from "@/app/api/ai/analyze-text/route";
import * as transcribe from "@/app/api/ai/transcribe-audio/route";
import { MAX_MEDIA_BYTES } from "@/domain/constants";
import { setConfig } from "@/server/config/service";
import {
  FAKE_MODELS,
  TINY_PNG_BASE64,
  fakeProviderEnv,
  startFakeModelServer,
  tinyWavBase64,
  type FakeModelServer,
  type FakeProvider,
} from "../support/fake-model-server";
import { call, expectError } from "../support/http";

let fake: FakeModelServer;
const PROVIDERS: FakeProvider[] = ["gemini", "openai", "ollama"];
const WAV = tinyWavBase64();

beforeAll(async () => {
  fake = await startFakeModelServer();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  Object.assign(process.env, fakeProviderEnv(fake.url));
});

const postImage = (body: unknown) => call(image.POST, { method: "POST", path: "/api/ai/analyze-image", body });
const postAudio = (body: unknown) => call(transcribe.POST, { method: "POST", path: "/api/ai/transcribe-audio", body });

describe("images reach every provider", () => {
  it.each(PROVIDERS)("%s gets the image in its request", async (provider) => {
    await setConfig({ ai_model: FAKE_MODELS[provider] });
    const r = await postImage({ content: TINY_PNG_BASE64, content_type: "image" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.analysis.description).toBe("A sunny park with trees and a bench.");
    const [req] = fake.requests();
    expect(req.images).toBe(1);
    const raw = JSON.stringify(req.body);
    expect(raw).toContain(TINY_PNG_BASE64.slice(0, 40));
    if (provider === "ollama") expect((req.body as any).messages.at(-1).images).toEqual([TINY_PNG_BASE64]);
  });

  it.each(PROVIDERS)("%s: 'image input modality is not enabled' becomes 422 MODEL_CAPABILITY", async (provider) => {
    await setConfig({ ai_model: FAKE_MODELS[provider] });
    fake.script({
      provider,
      reply: { error: { status: 400, message: "Image input modality is not enabled for models/some-model" } },
    });
    const err = expectError(await postImage({ content: TINY_PNG_BASE64 }), 422, "MODEL_CAPABILITY");
    expect(err.message).toBe("Image processing is not supported by the current model");
    expect(err.details).toEqual({
      feature: "Image",
      model: FAKE_MODELS[provider],
      original_message: "Image input modality is not enabled for models/some-model",
    });
  });

  it("a model that says multimodal is unsupported also gets 422", async () => {
    await setConfig({ ai_model: FAKE_MODELS.ollama });
    fake.script({
      provider: "ollama",
      times: 0,
      reply: {
        error: {
          status: 500,
          body: { error: "this model is missing data required for image input: multimodal not supported" },
        },
      },
    });
    const err = expectError(await postImage({ content: TINY_PNG_BASE64 }), 422, "MODEL_CAPABILITY");
    expect((err.details as any).original_message).toContain("multimodal not supported");
  });
});

describe("audio per provider", () => {
  it("gemini takes the audio part and answers JSON", async () => {
    await setConfig({ ai_model: FAKE_MODELS.gemini });
    const r = await postAudio({ content: WAV, content_type: "audio" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.analysis).toEqual({ transcription: "Today I went for a walk and felt better.", confidence: 0.92 });
    const [req] = fake.requests();
    expect(JSON.stringify(req.body)).toContain('"mimeType":"audio/wav"');
  });

  it("gemini: 'audio input modality is not enabled' becomes 422 Audio", async () => {
    await setConfig({ ai_model: "gemini/gemma-3n-e4b-it" });
    fake.script({
      provider: "gemini",
      reply: { error: { status: 400, message: "Audio input modality is not enabled for models/gemma-3n-e4b-it" } },
    });
    const err = expectError(await postAudio({ content: WAV }), 422, "MODEL_CAPABILITY");
    expect(err.message).toBe("Audio processing is not supported by the current model");
    expect(err.details).toMatchObject({ feature: "Audio", model: "gemini/gemma-3n-e4b-it" });
  });

  it("openai uses the transcription model", async () => {
    await setConfig({ ai_model: FAKE_MODELS.openai });
    fake.script({
      provider: "openai",
      path: "/v1/audio/transcriptions",
      reply: { transcription: "Hello from the recording." },
    });
    const r = await postAudio({ content: WAV });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.analysis).toEqual({ transcription: "Hello from the recording.", confidence: null });
    const [req] = fake.requests();
    expect(req.path).toBe("/v1/audio/transcriptions");
    expect((req.body as any).model).toBe("whisper-1");
  });

  it("openai transcription errors are mapped", async () => {
    await setConfig({ ai_model: FAKE_MODELS.openai });
    fake.script({
      provider: "openai",
      path: "/v1/audio/transcriptions",
      reply: { error: { status: 400, message: "Invalid file format." } },
    });
    const err = expectError(await postAudio({ content: WAV }), 502, "MODEL_FAILED");
    expect(err.message).toContain("Invalid file format.");
    fake.script({
      provider: "openai",
      path: "/v1/audio/transcriptions",
      reply: { error: { status: 400, message: "This model does not support audio input." } },
    });
    expectError(await postAudio({ content: WAV }), 422, "MODEL_CAPABILITY");
  });

  it("ollama answers with the capability error before sending anything", async () => {
    await setConfig({ ai_model: FAKE_MODELS.ollama });
    const err = expectError(await postAudio({ content: WAV }), 422, "MODEL_CAPABILITY");
    expect(err.details).toMatchObject({ feature: "Audio", model: FAKE_MODELS.ollama });
    expect(fake.requests()).toHaveLength(0);
  });

  it("accepts multipart with the field file", async () => {
    await setConfig({ ai_model: FAKE_MODELS.gemini });
    const form = new FormData();
    form.set("file", new Blob([Buffer.from(WAV, "base64")], { type: "audio/wav" }), "recording.wav");
    const r = await call(transcribe.POST, { method: "POST", rawBody: form });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.analysis.transcription).toBe("Today I went for a walk and felt better.");
  });

  it("multipart without file is 400", async () => {
    const form = new FormData();
    form.set("other", "x");
    expectError(await call(transcribe.POST, { method: "POST", rawBody: form }), 400, "VALIDATION_FAILED");
  });
});

describe("media limits", () => {
  it("over 10 MB decoded is 413 PAYLOAD_TOO_LARGE, before any model call", async () => {
    await setConfig({ ai_model: FAKE_MODELS.gemini });
    const big = Buffer.alloc(MAX_MEDIA_BYTES + 3, 1).toString("base64");
    const err = expectError(await postImage({ content: big }), 413, "PAYLOAD_TOO_LARGE");
    expect(err.message).toContain("10MB");
    expect(fake.requests()).toHaveLength(0);
  });

  it("exactly 10 MB is accepted by the size check", async () => {
    await setConfig({ ai_model: FAKE_MODELS.gemini });
    const png = Buffer.from(TINY_PNG_BASE64, "base64");
    const exact = Buffer.concat([png, Buffer.alloc(MAX_MEDIA_BYTES - png.length)]).toString("base64");
    const r = await postImage({ content: exact });
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
  });

  it("multipart over 10 MB is 413", async () => {
    const form = new FormData();
    form.set("file", new Blob([Buffer.alloc(MAX_MEDIA_BYTES + 1)], { type: "audio/wav" }), "big.wav");
    expectError(await call(transcribe.POST, { method: "POST", rawBody: form }), 413, "PAYLOAD_TOO_LARGE");
  });

  it("audio sent to the image analysis is 415", async () => {
    await setConfig({ ai_model: FAKE_MODELS.gemini });
    expectError(await postImage({ content: WAV }), 415, "UNSUPPORTED_MEDIA_TYPE");
  });

  it("text that is not base64 is 400", async () => {
    await setConfig({ ai_model: FAKE_MODELS.gemini });
    expectError(await postImage({ content: "not base64 at all!" }), 400, "BAD_REQUEST");
  });
});

describe("gemma on the Gemini API", () => {
  it("is asked for JSON in the prompt, not with a JSON response format, and its text is parsed", async () => {
    await setConfig({ ai_model: "gemini/gemma-3n-e4b-it" });
    fake.script({
      provider: "gemini",
      reply: { text: '```json\n{"mood_score": 4, "primary_emotion": "tired", "summary": "A long day."}\n```' },
    });
    const r = await call(analyze.POST, { method: "POST", body: { content: "A long and tiring day at work." } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.analysis).toMatchObject({ mood_score: 4, primary_emotion: "tired" });
    const [req] = fake.requests();
    expect(req.model).toBe("gemma-3n-e4b-it");
    expect((req.body as any).generationConfig?.responseMimeType).toBeUndefined();
    expect((req.body as any).systemInstruction).toBeUndefined();
    expect(req.prompt).toContain("(reverie-task: analyze-text)");
  });

  it("other Gemini models get the JSON response format", async () => {
    await setConfig({ ai_model: FAKE_MODELS.gemini });
    await call(analyze.POST, { method: "POST", body: { content: "A long and tiring day at work." } });
    const [req] = fake.requests();
    expect((req.body as any).generationConfig.responseMimeType).toBe("application/json");
  });
});

// The cloud models of these tests are allowed, as the person would in the consent step.
beforeEach(grantTestConsents);
