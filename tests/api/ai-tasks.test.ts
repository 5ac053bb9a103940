import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { grantTestConsents } from "../support/api-consent";
import * as chat from "@/app/api/ai/chat/route";
import * as crisis from "@/app/api/ai/detect-crisis/route";
import * as image from "@/app/api/ai/analyze-image/route";
import * as insights from "@/app/api/ai/generate-insights/route";
import * as growth from "@/app/api/ai/growth-insights/route";
import * as psych from "@/app/api/ai/analyze-psychological-image/route";
import * as summarize from "@/app/api/ai/summarize-conversation/route";
import * as support from "@/app/api/ai/motivational-support/route";
import * as transcribe from "@/app/api/ai/transcribe-audio/route";
import { clearInsightsCache } from "@/server/ai/tasks/insights";
import { setConfig } from "@/server/config/service";
import { EntryInputSchema } from "@/contracts/entries";
import { createEntry } from "@/server/entries/service";
import {
  FAKE_MODELS,
  TINY_PNG_BASE64,
  fakeProviderEnv,
  startFakeModelServer,
  tinyWavBase64,
  type FakeModelServer,
  type FakeProvider,
  type FakeReply,
} from "../support/fake-model-server";
import { call, expectError } from "../support/http";

/**
 * Every /api/ai task against every provider family on the fake model server: a good reply, a sloppy reply
 * read tolerantly, an unusable reply repaired by a second call, a provider error, a missing key.
 */

let fake: FakeModelServer;
const PROVIDERS: FakeProvider[] = ["gemini", "openai", "ollama"];
const WAV = tinyWavBase64();

beforeAll(async () => {
  fake = await startFakeModelServer();
  const day = new Date();
  await createEntry(
    EntryInputSchema.parse({
      content: "Work was stressful but dinner with friends helped.",
      mood: "anxious",
      ai_mood_score: 5,
      ai_themes: ["work", "friends"],
      created_at: day.toISOString(),
    }),
  );
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  clearInsightsCache();
  Object.assign(process.env, fakeProviderEnv(fake.url));
});

type Handler = (req: Request, ctx: { params: Promise<Record<string, never>> }) => Promise<Response>;

interface TaskCase {
  name: string;
  handler: Handler;
  body: unknown;
  /** the fake server's task marker */
  task: string;
  good: FakeReply;
  checkGood: (body: any) => void;
  /** a reply the tolerant reader must accept without a second call */
  sloppy?: FakeReply;
  checkSloppy?: (body: any) => void;
  /** skip a provider for this case (it answers differently, tested elsewhere) */
  skip?: FakeProvider[];
}

const CASES: TaskCase[] = [
  {
    name: "analyze-image",
    handler: image.POST,
    body: { content: TINY_PNG_BASE64, content_type: "image" },
    task: "analyze-image",
    good: {
      json: {
        description: "A red kite over a beach.",
        mood_indicators: ["joy", "freedom"],
        suggested_tags: ["Travel", "weekend"],
      },
    },
    checkGood: (b) =>
      expect(b.analysis).toEqual({
        description: "A red kite over a beach.",
        mood_indicators: ["joy", "freedom"],
        suggested_tags: ["travel", "weekend"],
      }),
    sloppy: { text: '```json\n{"Description": "A kite.", "moodIndicators": "joy, wind",}\n```' },
    checkSloppy: (b) =>
      expect(b.analysis).toEqual({ description: "A kite.", mood_indicators: ["joy", "wind"], suggested_tags: [] }),
  },
  {
    name: "analyze-psychological-image",
    handler: psych.POST,
    body: { image_data: `data:image/png;base64,${TINY_PNG_BASE64}`, context_text: "My desk at night." },
    task: "analyze-psychological-image",
    good: {
      json: {
        description: "A desk lit by a lamp.",
        mood_assessment: "Focused, a little tired.",
        environmental_context: "Indoors, late evening.",
        emotional_indicators: ["dim light"],
        therapeutic_insights: ["Late work may cost rest."],
        psychological_themes: ["focus"],
        suggested_tags: ["work", "evening"],
        reflection_questions: ["What keeps you at the desk late?"],
      },
    },
    checkGood: (b) => {
      expect(b.analysis.mood_assessment).toBe("Focused, a little tired.");
      expect(b.analysis.reflection_questions).toEqual(["What keeps you at the desk late?"]);
      expect(b.analysis.suggested_tags).toEqual(["work", "evening"]);
    },
    sloppy: {
      text: "Here you go: {'description': 'A desk.', 'mood_assessment': 'Calm', 'reflection_questions': '1. Why here?\n2. How do you feel?'}",
    },
    checkSloppy: (b) =>
      expect(b.analysis).toMatchObject({
        description: "A desk.",
        mood_assessment: "Calm",
        reflection_questions: ["Why here?", "How do you feel?"],
        environmental_context: "",
      }),
  },
  {
    name: "transcribe-audio",
    handler: transcribe.POST,
    body: { content: WAV, content_type: "audio" },
    task: "transcribe-audio",
    good: { json: { transcription: "I went for a run this morning.", confidence: 0.87 } },
    checkGood: (b) => expect(b.analysis).toEqual({ transcription: "I went for a run this morning.", confidence: 0.87 }),
    sloppy: { text: '{"text": "I went for a run.", "confidence": "95%"}' },
    checkSloppy: (b) => expect(b.analysis).toEqual({ transcription: "I went for a run.", confidence: 0.95 }),
    skip: ["openai", "ollama"],
  },
  {
    name: "summarize-conversation",
    handler: summarize.POST,
    body: {
      conversation: [
        { role: "user", content: "I finally finished the painting I started in spring." },
        { role: "assistant", content: "That is wonderful! How does it feel?" },
        { role: "user", content: "Proud, and a bit empty." },
      ],
    },
    task: "summarize-conversation",
    good: {
      json: {
        title: "Finishing the painting",
        content: "Today I finished my painting. I feel proud and a bit empty.",
        mood_score: 7,
        tags: ["creative", "Hobby"],
      },
    },
    checkGood: (b) =>
      expect(b.summary).toEqual({
        title: "Finishing the painting",
        content: "Today I finished my painting. I feel proud and a bit empty.",
        mood_score: 7,
        tags: ["creative", "hobby"],
      }),
    sloppy: { text: "{content: 'I finished my painting.'}" },
    checkSloppy: (b) =>
      expect(b.summary).toEqual({
        title: "Chat Reflection",
        content: "I finished my painting.",
        mood_score: 5,
        tags: ["chat", "reflection"],
      }),
  },
  {
    name: "motivational-support",
    handler: support.POST,
    body: { content: "Everything feels heavy lately and I can't sleep.", content_type: "text" },
    task: "motivational-support",
    good: {
      json: {
        affirmation: "You matter.",
        motivational_phrases: ["Small steps count."],
        evening_suggestions: ["Dim the lights early."],
        tomorrow_suggestions: ["Take a short walk."],
        gentle_reminder: "You can call or text 988.",
      },
    },
    checkGood: (b) =>
      expect(b.support).toEqual({
        affirmation: "You matter.",
        motivational_phrases: ["Small steps count."],
        evening_suggestions: ["Dim the lights early."],
        tomorrow_suggestions: ["Take a short walk."],
        gentle_reminder: "You can call or text 988.",
      }),
    sloppy: {
      text: '{"affirmation": "You matter.", "motivationalPhrases": "Breathe; Rest", "eveningSuggestions": ["Tea"], "tomorrowSuggestions": ["Walk"], "gentleReminder": "988 is there."',
    },
    checkSloppy: (b) =>
      expect(b.support).toEqual({
        affirmation: "You matter.",
        motivational_phrases: ["Breathe", "Rest"],
        evening_suggestions: ["Tea"],
        tomorrow_suggestions: ["Walk"],
        gentle_reminder: "988 is there.",
      }),
  },
  {
    name: "generate-insights",
    handler: insights.POST,
    body: {},
    task: "insights-summary",
    good: { json: { summary: "A busy month with friends as a steady comfort." } },
    checkGood: (b) => {
      expect(b.insights.summary).toBe("A busy month with friends as a steady comfort.");
      expect(b.insights.common_themes).toEqual([
        { theme: "friends", frequency: 1 },
        { theme: "work", frequency: 1 },
      ]);
      expect(b.insights.emotional_patterns).toEqual([{ emotion: "anxious", percentage: 100 }]);
    },
    sloppy: { text: "Summary: {summary: 'Steady.'}" },
    checkSloppy: (b) => expect(b.insights.summary).toBe("Steady."),
  },
  {
    name: "growth-insights",
    handler: growth.POST,
    body: {},
    task: "growth-insights",
    good: {
      json: {
        actionable_outcomes: [
          {
            title: "Protect evenings",
            description: "Stop work at six twice this week.",
            timeframe: "This week",
            category: "behavioral",
          },
        ],
        strengths_identified: ["Good friendships"],
        growth_areas: ["Work stress"],
        growth_summary: "Friends help you recover from work stress.",
      },
    },
    checkGood: (b) =>
      expect(b.growth).toEqual({
        actionable_outcomes: [
          {
            title: "Protect evenings",
            description: "Stop work at six twice this week.",
            timeframe: "This week",
            category: "behavioral",
          },
        ],
        strengths_identified: ["Good friendships"],
        growth_areas: ["Work stress"],
        growth_summary: "Friends help you recover from work stress.",
      }),
    sloppy: {
      text: '{"actionableOutcomes": [{"title": "Call a friend", "description": "Once a week.", "category": "Social"}], "growthSummary": "Keep going."}',
    },
    checkSloppy: (b) =>
      expect(b.growth).toEqual({
        actionable_outcomes: [
          { title: "Call a friend", description: "Once a week.", timeframe: "This week", category: "relationship" },
        ],
        strengths_identified: [],
        growth_areas: [],
        growth_summary: "Keep going.",
      }),
  },
  {
    name: "chat",
    handler: chat.POST,
    body: {
      message: "I had a long day.",
      context_entries: [],
      conversation_history: [
        { role: "user", content: "Hi" },
        { role: "assistant", content: "Hello! How are you?" },
      ],
    },
    task: "chat",
    good: { text: "That sounds tiring. What made it so long?" },
    checkGood: (b) => expect(b.response).toBe("That sounds tiring. What made it so long?"),
  },
  {
    name: "detect-crisis",
    handler: crisis.POST,
    body: { content: "I feel lost and tired of everything.", content_type: "text" },
    task: "detect-crisis",
    good: { json: { crisis_detected: false, severity: "moderate" } },
    checkGood: (b) =>
      expect(b).toMatchObject({
        success: true,
        crisis_detected: false,
        severity: "moderate",
        checked_by: ["rules", "model"],
      }),
    sloppy: { text: "```\n{crisis_detected: 'no', severity: 'Medium'}\n```" },
    checkSloppy: (b) => expect(b).toMatchObject({ crisis_detected: false, severity: "moderate" }),
  },
];

for (const c of CASES) {
  describe(`${c.name}`, () => {
    const post = (body: unknown = c.body) => call(c.handler, { method: "POST", path: `/api/ai/${c.name}`, body });

    describe.each(PROVIDERS.filter((p) => !c.skip?.includes(p)))("with %s", (provider) => {
      beforeEach(async () => {
        await setConfig({ ai_model: FAKE_MODELS[provider] });
      });

      it("good reply", async () => {
        fake.script({ provider, task: c.task, reply: c.good });
        const r = await post();
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect(r.body.success).toBe(true);
        expect(r.body.model).toBe(FAKE_MODELS[provider]);
        c.checkGood(r.body);
        const sent = fake.requests().filter((q) => q.task === c.task);
        expect(sent).toHaveLength(1);
        expect(sent[0].provider).toBe(provider);
      });

      if (c.sloppy) {
        it("sloppy JSON read without a second call", async () => {
          fake.script({ provider, task: c.task, reply: c.sloppy! });
          const r = await post();
          expect(r.status, JSON.stringify(r.body)).toBe(200);
          c.checkSloppy!(r.body);
          expect(fake.requests().filter((q) => q.task === c.task)).toHaveLength(1);
        });

        it("unusable answer repaired by one more call", async () => {
          fake.script([
            { provider, task: c.task, reply: { text: "I'm not sure what you mean." } },
            { provider, task: c.task, reply: c.good },
          ]);
          const r = await post();
          expect(r.status, JSON.stringify(r.body)).toBe(200);
          c.checkGood(r.body);
          expect(fake.requests().filter((q) => q.task === c.task)).toHaveLength(2);
        });
      }

      it("provider error: 502 MODEL_FAILED with its message", async () => {
        fake.script({
          provider,
          task: c.task,
          times: 0,
          reply: { error: { status: 400, message: "Request contains an invalid argument." } },
        });
        const r = await post();
        if (c.name === "detect-crisis") {
          // The built-in check still answers; the model's failure is reported beside it.
          expect(r.status).toBe(200);
          expect(r.body).toMatchObject({ checked_by: ["rules"], model_error: { code: "MODEL_FAILED" } });
          expect(r.body.model_error.message).toContain("invalid argument");
          return;
        }
        const err = expectError(r, 502, "MODEL_FAILED");
        expect(err.message).toContain("Request contains an invalid argument.");
      });
    });

    it("missing key: 424 naming the variable, nothing sent", async () => {
      delete process.env.GOOGLE_GENERATIVE_AI_API_KEY;
      delete process.env.GEMINI_API_KEY;
      await setConfig({ ai_model: FAKE_MODELS.gemini });
      const r = await post();
      expect(fake.requests()).toHaveLength(0);
      if (c.name === "detect-crisis") {
        expect(r.status).toBe(200);
        expect(r.body.model_error).toMatchObject({ code: "MODEL_NOT_CONFIGURED" });
        expect(r.body.model_error.message).toContain("GOOGLE_GENERATIVE_AI_API_KEY");
        return;
      }
      const err = expectError(r, 424, "MODEL_NOT_CONFIGURED");
      expect(err.message).toContain("GOOGLE_GENERATIVE_AI_API_KEY");
    });

    it("offline analyzer answers without any request", async () => {
      await setConfig({ ai_model: "local/offline" });
      const r = await post();
      expect(fake.requests()).toHaveLength(0);
      if (["analyze-image", "analyze-psychological-image", "transcribe-audio"].includes(c.name)) {
        const err = expectError(r, 422, "MODEL_CAPABILITY");
        const feature = c.name === "transcribe-audio" ? "Audio" : "Image";
        expect(err.message).toBe(`${feature} processing is not supported by the current model`);
        expect(err.details).toMatchObject({ feature, model: "local/offline", original_message: expect.any(String) });
        return;
      }
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ success: true, model: "local/offline" });
    });
  });
}

describe("chat: empty reply", () => {
  it.each(PROVIDERS)("%s: an empty reply is 502 MODEL_BAD_OUTPUT, not an empty answer", async (provider) => {
    await setConfig({ ai_model: FAKE_MODELS[provider] });
    fake.script({ provider, task: "chat", reply: { text: "   " } });
    expectError(await call(chat.POST, { method: "POST", body: { message: "Hello" } }), 502, "MODEL_BAD_OUTPUT");
  });
});

// The cloud models of these tests are allowed, as the person would in the consent step.
beforeEach(grantTestConsents);
