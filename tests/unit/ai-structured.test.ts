import { APICallError } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, it } from "vitest";
import { HttpError } from "@/server/http/errors";
import { generateStructured } from "@/server/ai/structured";
import type { RemoteModel } from "@/server/ai/providers";
import { ConversationSummarySchema, CrisisAssessmentSchema, TextAnalysisSchema } from "@/contracts/ai";
import { readModelOutput } from "@/contracts/model-output";
import { toModelHttpError } from "@/server/ai/errors";

const usage = {
  inputTokens: { total: 1, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: undefined, reasoning: undefined },
};
const reply = (text: string) => ({
  content: [{ type: "text" as const, text }],
  finishReason: { unified: "stop" as const, raw: "stop" },
  usage,
  warnings: [],
});

function modelWith(texts: string[], jsonMode = true): { model: RemoteModel; mock: MockLanguageModelV4 } {
  let i = 0;
  const mock = new MockLanguageModelV4({ doGenerate: async () => reply(texts[Math.min(i++, texts.length - 1)]) });
  return {
    mock,
    model: { kind: "remote", name: "mock/model", provider: "gemini", modelId: "m", jsonMode, language: () => mock },
  };
}

const run = (model: RemoteModel) =>
  generateStructured({
    model,
    task: "analyze-text",
    system: "sys",
    messages: [{ role: "user", content: "text" }],
    schema: TextAnalysisSchema,
  });

const GOOD =
  '{"mood_score": 6, "primary_emotion": "calm", "themes": [], "summary": "ok", "suggested_tags": [], "follow_up_questions": []}';

describe("generateStructured", () => {
  it("uses JSON mode and returns the validated value", async () => {
    const { model, mock } = modelWith([GOOD]);
    expect(await run(model)).toMatchObject({ mood_score: 6, primary_emotion: "calm" });
    expect(mock.doGenerateCalls).toHaveLength(1);
    expect(mock.doGenerateCalls[0].responseFormat).toMatchObject({ type: "json" });
  });

  it("without JSON mode, reads JSON from the text", async () => {
    const { model, mock } = modelWith(["Result:\n```json\n" + GOOD + "\n```"], false);
    expect(await run(model)).toMatchObject({ mood_score: 6 });
    expect(mock.doGenerateCalls[0].responseFormat?.type ?? "text").toBe("text");
  });

  it("clamps the mood into 1..10", async () => {
    const { model } = modelWith([GOOD.replace('"mood_score": 6', '"mood_score": 42')]);
    expect((await run(model)).mood_score).toBe(10);
    const low = modelWith([GOOD.replace('"mood_score": 6', '"mood_score": -3')]);
    expect((await run(low.model)).mood_score).toBe(1);
  });

  it("repairs once with the issues in the prompt", async () => {
    const { model, mock } = modelWith(["no idea", GOOD]);
    expect(await run(model)).toMatchObject({ summary: "ok" });
    expect(mock.doGenerateCalls).toHaveLength(2);
    expect(JSON.stringify(mock.doGenerateCalls[1].prompt)).toContain("could not be used: the answer is not JSON");
  });

  it("gives up after one repair with MODEL_BAD_OUTPUT", async () => {
    const { model, mock } = modelWith(["no idea", '{"summary": "only this"}']);
    const err = await run(model).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 502, code: "MODEL_BAD_OUTPUT" });
    expect(mock.doGenerateCalls).toHaveLength(2);
  });

  it("maps a thrown provider error without a repair call", async () => {
    const mock = new MockLanguageModelV4({
      doGenerate: async () => {
        throw new APICallError({
          message: "Bad Request",
          url: "http://x",
          requestBodyValues: {},
          statusCode: 400,
          responseBody: '{"error":{"message":"Audio input modality is not enabled"}}',
          isRetryable: false,
        });
      },
    });
    const model: RemoteModel = {
      kind: "remote",
      name: "mock/model",
      provider: "gemini",
      modelId: "m",
      jsonMode: true,
      language: () => mock,
    };
    const err = await generateStructured({
      model,
      task: "transcribe-audio",
      feature: "Audio",
      system: "s",
      messages: [{ role: "user", content: "x" }],
      schema: TextAnalysisSchema,
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({
      status: 422,
      code: "MODEL_CAPABILITY",
      message: "Audio processing is not supported by the current model",
    });
    expect(mock.doGenerateCalls).toHaveLength(1);
  });
});

const normalizeConversationSummary = (raw: unknown) => readModelOutput(ConversationSummarySchema, raw);
const normalizeCrisis = (raw: unknown) => readModelOutput(CrisisAssessmentSchema, raw);
const normalizeTextAnalysis = (raw: unknown) => readModelOutput(TextAnalysisSchema, raw);

describe("normalizers", () => {
  it("conversation summary fills the spec's defaults", () => {
    expect(normalizeConversationSummary({ content: "Today I talked." })).toEqual({
      ok: true,
      value: { title: "Chat Reflection", content: "Today I talked.", mood_score: 5, tags: ["chat", "reflection"] },
    });
    expect(normalizeConversationSummary({ title: "x" })).toEqual({ ok: false, issues: ["content is missing"] });
  });
  it("crisis answers accept yes/no and medium", () => {
    expect(normalizeCrisis({ crisisDetected: "yes", severity: "HIGH" })).toEqual({
      ok: true,
      value: { crisis_detected: true, severity: "high" },
    });
    expect(normalizeCrisis({ crisis_detected: false, severity: "medium" })).toEqual({
      ok: true,
      value: { crisis_detected: false, severity: "moderate" },
    });
    expect(normalizeCrisis({ crisis_detected: false, severity: "extreme" }).ok).toBe(false);
  });
  it("analysis unwraps a wrapper object and reads '7/10'", () => {
    const r = normalizeTextAnalysis({ analysis: { moodScore: "7/10", primaryEmotion: "Hopeful", summary: "Fine." } });
    expect(r).toEqual({
      ok: true,
      value: {
        mood_score: 7,
        primary_emotion: "hopeful",
        themes: [],
        summary: "Fine.",
        suggested_tags: [],
        follow_up_questions: [],
      },
    });
  });
});

describe("toModelHttpError", () => {
  it("reads Ollama's {error} body", () => {
    const e = new APICallError({
      message: "Internal Server Error",
      url: "http://x/api/chat",
      requestBodyValues: {},
      statusCode: 500,
      responseBody: '{"error":"model \\"x\\" not found, try pulling it first"}',
    });
    expect(toModelHttpError(e, { model: "ollama/x" })).toMatchObject({
      status: 502,
      code: "MODEL_FAILED",
      message: 'The model ollama/x failed (HTTP 500): model "x" not found, try pulling it first',
    });
  });
  it("keeps HttpErrors as they are", () => {
    const h = new HttpError("MODEL_NOT_CONFIGURED", "x");
    expect(toModelHttpError(h, { model: "m" })).toBe(h);
  });
});
