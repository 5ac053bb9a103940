import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { grantTestConsents } from "../support/api-consent";
import * as insights from "@/app/api/ai/generate-insights/route";
import * as growth from "@/app/api/ai/growth-insights/route";
import { DEFAULT_INSIGHTS_SUMMARY } from "@/domain/constants";
import { clearInsightsCache } from "@/server/ai/tasks/insights";
import { setConfig } from "@/server/config/service";
import { EntryInputSchema } from "@/contracts/entries";
import { db } from "@/server/db/client";
import { createEntry, deleteEntry } from "@/server/entries/service";
import { FAKE_MODELS, fakeProviderEnv, startFakeModelServer, type FakeModelServer } from "../support/fake-model-server";
import { call, expectError } from "../support/http";

let fake: FakeModelServer;

/**
 * Fixture in March 2026 (Europe/Paris, UTC+1): 7 entries.
 * moods: happy x3, anxious x2, (none, score 3 -> negative), (none, no score -> not counted)
 * themes: work x4, family x2, running x1, sleep x1
 */
const FIXTURE = [
  { created_at: "2026-03-02T08:00:00Z", mood: "happy", ai_mood_score: 8, ai_themes: ["work", "family"] },
  { created_at: "2026-03-02T20:00:00Z", mood: "Happy", ai_mood_score: 6, ai_themes: ["Work"] },
  { created_at: "2026-03-03T23:30:00Z", mood: "anxious", ai_mood_score: 4, ai_themes: ["work", "sleep"] }, // 00:30 on the 4th in Paris
  { created_at: "2026-03-05T12:00:00Z", mood: "anxious", ai_mood_score: 3, ai_themes: ["work"] },
  { created_at: "2026-03-06T12:00:00Z", mood: "happy", ai_mood_score: 9, ai_themes: ["family", "running"] },
  { created_at: "2026-03-07T12:00:00Z", mood: null, ai_mood_score: 3, ai_themes: null },
  { created_at: "2026-03-08T12:00:00Z", mood: null, ai_mood_score: null, ai_themes: "not json" },
  { created_at: "2026-04-01T12:00:00Z", mood: "sad", ai_mood_score: 2, ai_themes: ["work"] }, // outside the range
];
const RANGE = { start: "2026-03-01", end: "2026-03-31" };
const ids: string[] = [];

beforeAll(async () => {
  fake = await startFakeModelServer();
  for (const f of FIXTURE) {
    const themes = f.ai_themes === "not json" ? null : f.ai_themes;
    const e = await createEntry(
      EntryInputSchema.parse({
        content: `Entry of ${f.created_at}`,
        created_at: f.created_at,
        mood: f.mood,
        ai_mood_score: f.ai_mood_score,
        ai_themes: themes,
      }),
    );
    if (f.ai_themes === "not json")
      await (await db()).entry.update({ where: { id: e.id }, data: { aiThemes: "not json" } });
    ids.push(e.id);
  }
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  clearInsightsCache();
  Object.assign(process.env, fakeProviderEnv(fake.url));
});

const post = (handler: typeof insights.POST, body: unknown) => call(handler, { method: "POST", body });

describe("generate-insights figures", () => {
  it("computes percentages, theme counts and daily trends exactly", async () => {
    await setConfig({ ai_model: "local/offline" });
    const r = await post(insights.POST, { date_range: RANGE, tz: "Europe/Paris" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.entry_count).toBe(7);
    expect(r.body.date_range).toEqual(RANGE);
    expect(r.body.insights.emotional_patterns).toEqual([
      { emotion: "happy", percentage: 42.9 },
      { emotion: "anxious", percentage: 28.6 },
      { emotion: "negative", percentage: 14.3 },
    ]);
    expect(r.body.insights.common_themes).toEqual([
      { theme: "work", frequency: 4 },
      { theme: "family", frequency: 2 },
      { theme: "running", frequency: 1 },
    ]);
    expect(r.body.insights.mood_trends).toEqual([
      { date: "2026-03-02", average_mood: 7, entry_count: 2 },
      { date: "2026-03-04", average_mood: 4, entry_count: 1 },
      { date: "2026-03-05", average_mood: 3, entry_count: 1 },
      { date: "2026-03-06", average_mood: 9, entry_count: 1 },
      { date: "2026-03-07", average_mood: 3, entry_count: 1 },
    ]);
    expect(r.body.insights.summary).toContain("7 entries");
  });

  it("buckets days in the given zone", async () => {
    await setConfig({ ai_model: "local/offline" });
    const r = await post(insights.POST, { date_range: RANGE, tz: "UTC" });
    expect(r.body.insights.mood_trends.map((d: { date: string }) => d.date)).toContain("2026-03-03");
  });

  it("the model writes only the summary, from the computed figures", async () => {
    await setConfig({ ai_model: FAKE_MODELS.openai });
    fake.script({
      provider: "openai",
      task: "insights-summary",
      reply: { json: { summary: "Work is a steady theme; family lifts you." } },
    });
    const r = await post(insights.POST, { date_range: RANGE, tz: "Europe/Paris" });
    expect(r.body.insights.summary).toBe("Work is a steady theme; family lifts you.");
    expect(r.body.insights.common_themes[0]).toEqual({ theme: "work", frequency: 4 });
    const [req] = fake.requests();
    expect(req.prompt).toContain("happy 42.9%");
    expect(req.prompt).toContain("work (4)");
  });

  it("an empty range gives the spec's default summary without a model call", async () => {
    await setConfig({ ai_model: FAKE_MODELS.gemini });
    const r = await post(insights.POST, { date_range: { start: "2020-01-01", end: "2020-01-31" } });
    expect(r.body.insights).toEqual({
      mood_trends: [],
      common_themes: [],
      emotional_patterns: [],
      summary: DEFAULT_INSIGHTS_SUMMARY,
    });
    expect(fake.requests()).toHaveLength(0);
  });

  it("defaults to the last 30 days", async () => {
    await setConfig({ ai_model: "local/offline" });
    const r = await post(insights.POST, undefined);
    expect(r.status).toBe(200);
    const { start, end } = r.body.date_range;
    expect((Date.parse(end) - Date.parse(start)) / 86_400_000).toBe(29);
  });

  it("rejects a bad range with 400", async () => {
    expectError(
      await post(insights.POST, { date_range: { start: "2026-03-31", end: "2026-03-01" } }),
      400,
      "VALIDATION_FAILED",
    );
    expectError(
      await post(insights.POST, { date_range: { start: "March", end: "2026-03-01" } }),
      400,
      "VALIDATION_FAILED",
    );
    expectError(await post(insights.POST, { tz: "Mars/Olympus" }), 400, "VALIDATION_FAILED");
  });
});

describe("insights cache", () => {
  it("answers from the cache until an entry changes", async () => {
    await setConfig({ ai_model: FAKE_MODELS.gemini });
    fake.script({
      provider: "gemini",
      task: "insights-summary",
      times: 0,
      reply: { json: { summary: "Cached narrative." } },
    });
    const body = { date_range: RANGE, tz: "Europe/Paris" };
    const a = await post(insights.POST, body);
    const b = await post(insights.POST, body);
    expect(b.body).toEqual(a.body);
    expect(fake.requests()).toHaveLength(1);
    const extra = await createEntry(
      EntryInputSchema.parse({
        content: "One more",
        created_at: "2026-03-10T12:00:00Z",
        mood: "calm",
        ai_mood_score: 7,
      }),
    );
    const c = await post(insights.POST, body);
    expect(c.body.entry_count).toBe(8);
    expect(fake.requests()).toHaveLength(2);
    await deleteEntry(extra.id);
    const d = await post(insights.POST, body);
    expect(d.body.entry_count).toBe(7);
  });
});

describe("growth-insights", () => {
  it("offline: outcomes with a valid category, strengths, areas and summary", async () => {
    await setConfig({ ai_model: "local/offline" });
    const r = await post(growth.POST, { date_range: RANGE, tz: "Europe/Paris" });
    expect(r.status).toBe(200);
    const g = r.body.growth;
    expect(g.actionable_outcomes.length).toBeGreaterThanOrEqual(2);
    for (const o of g.actionable_outcomes) {
      expect(o).toEqual({
        title: expect.any(String),
        description: expect.any(String),
        timeframe: expect.any(String),
        category: expect.stringMatching(/^(emotional|behavioral|mindset|relationship)$/u),
      });
    }
    expect(g.strengths_identified.length).toBeGreaterThan(0);
    expect(g.growth_areas.join(" ")).toContain("work");
    expect(g.growth_summary).toContain("7 entries");
  });

  it("no entries: empty lists, no model call", async () => {
    await setConfig({ ai_model: FAKE_MODELS.ollama });
    const r = await post(growth.POST, { date_range: { start: "2020-01-01", end: "2020-01-02" } });
    expect(r.body.growth).toEqual({
      actionable_outcomes: [],
      strengths_identified: [],
      growth_areas: [],
      growth_summary: "",
    });
    expect(fake.requests()).toHaveLength(0);
  });

  it("personal settings reach the model's prompt", async () => {
    await setConfig({
      ai_model: FAKE_MODELS.ollama,
      personal_info: "I am training for a marathon.",
      cultural_context: "",
    });
    const r = await post(growth.POST, { date_range: RANGE, tz: "Europe/Paris" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(fake.requests()[0].prompt).toContain("I am training for a marathon.");
    await setConfig({ personal_info: "" });
  });

  it("junk twice is 502 MODEL_BAD_OUTPUT", async () => {
    await setConfig({ ai_model: FAKE_MODELS.ollama });
    fake.script({
      provider: "ollama",
      task: "growth-insights",
      times: 2,
      reply: { json: { actionable_outcomes: [], growth_summary: "" } },
    });
    const err = expectError(await post(growth.POST, { date_range: RANGE }), 502, "MODEL_BAD_OUTPUT");
    expect(err.message).toContain("ollama/gemma3:4b");
  });
});

// The cloud models of these tests are allowed, as the person would in the consent step.
beforeEach(grantTestConsents);
