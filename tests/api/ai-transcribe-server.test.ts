import http from "node:http";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as transcribe from "@/app/api/ai/transcribe-audio/route";
import * as setup from "@/app/api/ai/transcription/route";
import { setConfig } from "@/server/config/service";
import {
  FAKE_MODELS,
  fakeProviderEnv,
  startFakeModelServer,
  tinyWavBase64,
  type FakeModelServer,
  type MultipartBody,
} from "../support/fake-model-server";
import { call, expectError } from "../support/http";

/**
 * A transcription server of its own (TRANSCRIBE_BASE_URL, speaking OpenAI's /v1/audio/transcriptions), so that
 * Ollama chat and a local Whisper server work together; its failures and bad settings in the one error shape.
 */

let fake: FakeModelServer;
const WAV = tinyWavBase64();
const TRANSCRIBE_VARS = ["TRANSCRIBE_BASE_URL", "TRANSCRIBE_MODEL", "TRANSCRIBE_API_KEY"] as const;

beforeAll(async () => {
  fake = await startFakeModelServer();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(async () => {
  fake.reset();
  Object.assign(process.env, fakeProviderEnv(fake.url));
  await setConfig({ ai_model: FAKE_MODELS.ollama });
});
afterEach(() => {
  for (const k of TRANSCRIBE_VARS) delete process.env[k];
});

const postAudio = () =>
  call(transcribe.POST, { method: "POST", path: "/api/ai/transcribe-audio", body: { content: WAV } });
const postAudioForm = () => {
  const form = new FormData();
  form.append("file", new Blob([Buffer.from(WAV, "base64")], { type: "audio/wav" }), "recording.wav");
  return call(transcribe.POST, { method: "POST", path: "/api/ai/transcribe-audio", rawBody: form });
};
const getSetup = () => call(setup.GET, { path: "/api/ai/transcription" });

/** A port nothing listens on: a server started and closed again. */
async function closedPort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

describe("a transcription server with Ollama as the chat model", () => {
  it("transcribes a recording there, in OpenAI's multipart shape, whatever the chat model cannot hear", async () => {
    process.env.TRANSCRIBE_BASE_URL = fake.url;
    process.env.TRANSCRIBE_MODEL = "Systran/faster-whisper-small";
    fake.script({ path: "/v1/audio/transcriptions", reply: { transcription: "  I walked by the river today.  " } });
    const r = await postAudioForm();
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.analysis).toEqual({ transcription: "I walked by the river today.", confidence: null });
    expect(r.body.model).toBe("Systran/faster-whisper-small at 127.0.0.1");
    const reqs = fake.requests();
    expect(reqs.map((q) => q.path)).toEqual(["/v1/audio/transcriptions"]);
    const body = reqs[0].body as MultipartBody;
    expect(body.multipart).toBe(true);
    expect(body.model).toBe("Systran/faster-whisper-small");
    expect(body.response_format).toBe("json");
    expect(body.file?.bytes).toBe(Buffer.from(WAV, "base64").length);
    expect(body.file?.filename).toMatch(/\.wav$/u);
    // No key configured: no Authorization header at all (never the OpenAI key of the chat side).
    expect(reqs[0].headers.authorization).toBeUndefined();
    expect(JSON.stringify(reqs[0].headers)).not.toContain("fake-openai-key");
  });

  it("sends TRANSCRIBE_API_KEY only, asks whisper-1 by default, and takes base64 JSON as well", async () => {
    process.env.TRANSCRIBE_BASE_URL = fake.url;
    process.env.TRANSCRIBE_API_KEY = "speech-key";
    const r = await postAudio();
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.analysis.transcription).toBe("Today I went for a walk and felt better.");
    const [req] = fake.requests();
    expect(req.headers.authorization).toBe("Bearer speech-key");
    expect((req.body as MultipartBody).model).toBe("whisper-1");
  });

  it("is used instead of a cloud chat model, so no audio goes to Gemini", async () => {
    await setConfig({ ai_model: FAKE_MODELS.gemini });
    process.env.TRANSCRIBE_BASE_URL = `${fake.url}/`;
    const r = await postAudio();
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(fake.requests().map((q) => q.provider + " " + q.path)).toEqual(["openai /v1/audio/transcriptions"]);
  });

  it("takes a base URL with a path as given", async () => {
    process.env.TRANSCRIBE_BASE_URL = `${fake.url}/v1`;
    expect((await postAudio()).status).toBe(200);
    process.env.TRANSCRIBE_BASE_URL = `${fake.url}/speech/v1`;
    // The fake server answers only under /v1: the app asked /speech/v1/audio/transcriptions, as configured.
    const err = expectError(await postAudio(), 502, "MODEL_FAILED");
    expect(err.message).toContain("transcription server");
    expect(fake.requests().map((q) => q.path)).toEqual(["/v1/audio/transcriptions"]);
  });

  it("without one, Ollama still answers that it cannot hear audio (today's behaviour)", async () => {
    const err = expectError(await postAudio(), 422, "MODEL_CAPABILITY");
    expect(err.message).toBe("Audio processing is not supported by the current model");
    expect(fake.requests()).toEqual([]);
  });
});

describe("its failures, in the one error shape", () => {
  it("a server that is down is 502 MODEL_FAILED naming the transcription server", async () => {
    process.env.TRANSCRIBE_BASE_URL = `http://127.0.0.1:${await closedPort()}`;
    const err = expectError(await postAudio(), 502, "MODEL_FAILED");
    expect(err.message).toMatch(/^The transcription server \(whisper-1 at 127\.0\.0\.1\) failed: .*ECONNREFUSED/u);
    expect(err.message).toContain("The recording is kept");
  });

  it("an error status is 502 with the server's message", async () => {
    process.env.TRANSCRIBE_BASE_URL = fake.url;
    fake.script({
      path: "/v1/audio/transcriptions",
      times: 0,
      reply: { error: { status: 500, message: "model not loaded" } },
    });
    const err = expectError(await postAudio(), 502, "MODEL_FAILED");
    expect(err.message).toContain("model not loaded");
    expect(err.details).toMatchObject({ provider_status: 500 });
  });

  it("an answer without text is 502, not a 500 nor an empty transcript", async () => {
    process.env.TRANSCRIBE_BASE_URL = fake.url;
    fake.script({ path: "/v1/audio/transcriptions", times: 0, reply: { json: { result: "hello" } } });
    const err = expectError(await postAudio(), 502, "MODEL_FAILED");
    expect(err.message).toContain("transcription server");
  });

  it("the fake server refuses a request that is not OpenAI's multipart shape", async () => {
    const form = new FormData();
    form.append("model", "whisper-1");
    const res = await fetch(`${fake.url}/v1/audio/transcriptions`, { method: "POST", body: form });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain("'file'");
  });
});

describe("bad settings stop transcription with a clear 424, and nothing is sent", () => {
  it.each([
    [{ TRANSCRIBE_MODEL: "whisper-1" }, "TRANSCRIBE_MODEL is set but TRANSCRIBE_BASE_URL is not"],
    [{ TRANSCRIBE_API_KEY: "k" }, "TRANSCRIBE_API_KEY is set but TRANSCRIBE_BASE_URL is not"],
    [{ TRANSCRIBE_BASE_URL: "not an address" }, "TRANSCRIBE_BASE_URL is not a valid address"],
    [{ TRANSCRIBE_BASE_URL: "ftp://127.0.0.1/v1" }, "must start with http:// or https://"],
    [{ TRANSCRIBE_BASE_URL: "http://user:pw@127.0.0.1:9/v1" }, "must not carry a user name or password"],
  ])("%o", async (vars, message) => {
    await setConfig({ ai_model: FAKE_MODELS.gemini });
    Object.assign(process.env, vars);
    const err = expectError(await postAudio(), 424, "MODEL_NOT_CONFIGURED");
    expect(err.message).toContain(message);
    expect(fake.requests()).toEqual([]);
    const s = await getSetup();
    expect(s.status).toBe(200);
    expect(s.body).toEqual({ endpoint: null, problem: expect.stringContaining(message) });
  });
});

describe("GET /ai/transcription", () => {
  it("names the server's host and model, never its key or port", async () => {
    process.env.TRANSCRIBE_BASE_URL = `${fake.url}/v1`;
    process.env.TRANSCRIBE_MODEL = "large-v3";
    process.env.TRANSCRIBE_API_KEY = "speech-key";
    const r = await getSetup();
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ endpoint: { host: "127.0.0.1", model: "large-v3" }, problem: null });
    expect(JSON.stringify(r.body)).not.toContain("speech-key");
  });

  it("is empty when nothing is set", async () => {
    expect((await getSetup()).body).toEqual({ endpoint: null, problem: null });
  });
});
