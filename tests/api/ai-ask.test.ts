import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as askRoute from "@/app/api/ai/ask/route";
import * as chatRoute from "@/app/api/ai/chat/route";
import { EntryInputSchema } from "@/contracts/entries";
import { OFFLINE_MODEL } from "@/domain/models";
import { setConfig } from "@/server/config/service";
import { db } from "@/server/db/client";
import { createEntry, updateEntry } from "@/server/entries/service";
import { grantTestConsents } from "../support/api-consent";
import { FAKE_MODELS, fakeProviderEnv, startFakeModelServer, type FakeModelServer } from "../support/fake-model-server";
import { call, expectError } from "../support/http";

let fake: FakeModelServer;
beforeAll(async () => {
  fake = await startFakeModelServer();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(async () => {
  fake.reset();
  Object.assign(process.env, fakeProviderEnv(fake.url));
  const prisma = await db();
  await prisma.entry.deleteMany({});
  await prisma.config.deleteMany({});
  await setConfig({ ai_model: OFFLINE_MODEL });
});

const ask = (body: unknown) => call(askRoute.POST, { method: "POST", path: "/api/ai/ask", body });
const at = (iso: string) => new Date(iso).toISOString();
async function entry(content: string, created_at: string, extra: { title?: string; tags?: string[] } = {}) {
  return createEntry(EntryInputSchema.parse({ content, created_at, ...extra }));
}

describe("POST /api/ai/ask: bad input", () => {
  it("400 for a missing, empty, too long or non-string question, or an unknown zone", async () => {
    expectError(await ask({}), 400, "VALIDATION_FAILED");
    expectError(await ask({ question: "   " }), 400, "VALIDATION_FAILED");
    expectError(await ask({ question: "x".repeat(501) }), 400, "VALIDATION_FAILED");
    expectError(await ask({ question: 42 }), 400, "VALIDATION_FAILED");
    expectError(await ask({ question: "when?", tz: "Mars/Olympus" }), 400, "VALIDATION_FAILED");
    const raw = await call(askRoute.POST, {
      method: "POST",
      path: "/api/ai/ask",
      rawBody: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(raw.status).toBe(400);
  });
});

describe("POST /api/ai/ask without a model", () => {
  it("answers from the entries found, words in other forms too (stemmed), with the sources", async () => {
    const walk = await entry(
      "Walked along the river with Sam after work; the herons were back.",
      at("2026-03-03T18:00:00Z"),
      {
        title: "River evening",
      },
    );
    await entry("Paid the bills and tidied the kitchen.", at("2026-03-05T18:00:00Z"));
    const r = await ask({ question: "When did I last walk by the river?", tz: "Europe/London" });
    expect(r.status).toBe(200);
    expect(r.body.model).toBe(OFFLINE_MODEL);
    expect(r.body.sources).toEqual([
      {
        id: walk.id,
        title: "River evening",
        created_at: walk.created_at,
        excerpt: walk.content,
      },
    ]);
    expect(r.body.answer).toMatch(/^You last wrote about this on 3 March/u);
    expect(r.body.answer).toContain("herons were back");
    expect(r.body.answer).toContain(`[entry:${walk.id}]`);
  });

  it("when did I last … gives the latest of the matching entries", async () => {
    const older = await entry("Felt anxious before the team meeting.", at("2026-01-10T09:00:00Z"));
    const latest = await entry("Anxious again, the deadline is close.", at("2026-02-20T09:00:00Z"));
    await entry("A calm Sunday with pancakes.", at("2026-02-22T09:00:00Z"));
    const r = await ask({ question: "When did I last feel anxious?", tz: "UTC" });
    expect(r.body.sources.map((s: { id: string }) => s.id)).toEqual([latest.id, older.id]);
    expect(r.body.answer).toMatch(/^You last wrote about this on 20 February/u);
  });

  it("the answer writes its dates in the browser's locale; an unusable or missing one gives the default", async () => {
    const older = await entry("Felt anxious before the team meeting.", at("2025-01-10T09:00:00Z"));
    const latest = await entry(
      "Anxious again, the deadline is close.",
      at(`${new Date().getUTCFullYear()}-01-02T09:00:00Z`),
    );
    const us = await ask({ question: "When did I last feel anxious?", tz: "UTC", locale: "en-US" });
    expect(us.body.answer).toMatch(/^You last wrote about this on January 2:/u);
    expect(us.body.answer).toContain(`You also wrote about it on January 10, 2025 [entry:${older.id}].`);
    const de = await ask({ question: "When did I last feel anxious?", tz: "UTC", locale: "de-DE" });
    expect(de.body.answer).toMatch(/^You last wrote about this on 2\. Januar:/u);
    for (const locale of [undefined, "xx-invalid-???"]) {
      const r = await ask({ question: "When did I last feel anxious?", tz: "UTC", ...(locale ? { locale } : {}) });
      expect(r.status).toBe(200);
      expect(r.body.answer).toMatch(
        locale ? /^You last wrote about this on January 2:/u : /^You last wrote about this on 2 January:/u,
      );
    }
    expect(latest.id).not.toBe(older.id);
    expectError(await ask({ question: "When?", locale: "x".repeat(65) }), 400, "VALIDATION_FAILED");
  });

  it("a time in the question filters the entries; happiest orders by the stated mood, else the inferred one", async () => {
    const prisma = await db();
    const march = await entry("Lovely dinner with friends.", at("2025-03-12T19:00:00Z"));
    const marchLow = await entry("Rainy and tired.", at("2025-03-20T19:00:00Z"));
    const april = await entry("Best day of the year, we got the keys.", at("2025-04-02T19:00:00Z"));
    await prisma.entry.update({ where: { id: march.id }, data: { aiMoodScore: 8 } });
    await prisma.entry.update({ where: { id: marchLow.id }, data: { aiMoodScore: 3, statedMood: 9 } });
    await prisma.entry.update({ where: { id: april.id }, data: { aiMoodScore: 10 } });
    const r = await ask({ question: "When was I happiest in March 2025?", tz: "UTC" });
    expect(r.body.sources.map((s: { id: string }) => s.id)).toEqual([marchLow.id, march.id]);
    expect(r.body.answer).toMatch(/^Your happiest entry in March 2025 was on 20 March 2025 \(mood 9\/10\)/u);
  });

  it("an entry changed after it was written is found by its new words only", async () => {
    const e = await entry("Thinking about the garden.", at("2026-04-01T10:00:00Z"));
    await updateEntry(
      e.id,
      EntryInputSchema.parse({ content: "Thinking about the allotment.", created_at: e.created_at }),
    );
    expect((await ask({ question: "what did I write about gardens?" })).body.sources).toEqual([]);
    expect((await ask({ question: "what did I write about the allotment?" })).body.sources).toHaveLength(1);
  });

  it("nothing found: says so, with no sources", async () => {
    await entry("A quiet day.", at("2026-04-01T10:00:00Z"));
    const r = await ask({ question: "What did I write about the volcano trip?" });
    expect(r.body).toMatchObject({ sources: [], answer: "I couldn't find anything in your journal about that." });
  });

  it("crisis text gets the app's safety answer first, with the support signal and no sources", async () => {
    await entry("I want to be with my family more.", at("2026-04-01T10:00:00Z"));
    const r = await ask({ question: "I want to kill myself tonight. When did I last feel like this?", country: "GB" });
    expect(r.status).toBe(200);
    expect(r.body.support).toMatchObject({ kind: "self", country: "GB" });
    expect(r.body.sources).toEqual([]);
    expect(r.body.answer).toMatch(/116 123|Samaritans/u);
  });
});

describe("POST /api/ai/ask with a (fake) cloud model", () => {
  beforeEach(async () => {
    await grantTestConsents();
    await setConfig({ ai_model: FAKE_MODELS.gemini });
  });

  it("the model answers from the entries found only; a claim cited to another id is removed with it", async () => {
    const walk = await entry("Walked along the river with Sam.", at("2026-03-03T18:00:00Z"));
    await entry("Secret unrelated note about taxes.", at("2026-03-04T18:00:00Z"));
    fake.script({
      provider: "gemini",
      reply: {
        text: `You walked by the river with Sam [entry:${walk.id}], and in June you went sailing [entry:made-up-id].`,
      },
    });
    const r = await ask({ question: "When did I walk by the river?" });
    expect(r.status).toBe(200);
    expect(r.body.answer).toBe(`You walked by the river with Sam [entry:${walk.id}].`);
    expect(r.body.sources.map((s: { id: string }) => s.id)).toEqual([walk.id]);
    const sent = fake.requests().at(-1)!;
    expect(sent.prompt).toContain("(reverie-task: ask)");
    expect(sent.prompt).toContain(`[entry:${walk.id}]`);
    expect(sent.prompt).not.toContain("taxes");
  });

  it("an answer made only of invented entries gives way to what the journal says", async () => {
    const walk = await entry("Walked along the river with Sam.", at("2026-03-03T18:00:00Z"));
    fake.script({
      provider: "gemini",
      reply: { text: "In June you went sailing [entry:made-up-id]. You loved it. [entry:other-made-up]" },
    });
    const r = await ask({ question: "When did I walk by the river?", tz: "UTC", locale: "en-GB" });
    expect(r.status).toBe(200);
    expect(r.body.answer).not.toMatch(/sailing|loved|made-up/u);
    expect(r.body.answer).toContain("3 March");
    expect(r.body.answer).toContain("Walked along the river with Sam.");
    expect(r.body.answer).toContain(`[entry:${walk.id}]`);
    expect(r.body.sources.map((s: { id: string }) => s.id)).toEqual([walk.id]);
  });

  it("crisis text is answered by the app, and nothing is sent to the model", async () => {
    const r = await ask({ question: "I want to kill myself tonight." });
    expect(r.body.support).toBeDefined();
    expect(fake.requests()).toHaveLength(0);
  });

  it("a failing model gives the one error shape", async () => {
    await entry("Walked along the river.", at("2026-03-03T18:00:00Z"));
    fake.script({ provider: "gemini", times: 0, reply: { error: { status: 500 } } });
    const r = await ask({ question: "When did I walk by the river?" });
    expect(r.status).toBeGreaterThanOrEqual(500);
    expect(r.body.error.code).toBeTruthy();
  });
});

describe("the offline companion answers questions about the journal from it", () => {
  const chat = (message: string) =>
    call(chatRoute.POST, { method: "POST", path: "/api/ai/chat", body: { message, tz: "UTC" } });

  it("a question about the journal gets the Ask answer, with the entries as context", async () => {
    const walk = await entry("Walked along the river with Sam; the herons were back.", at("2026-03-03T18:00:00Z"));
    const r = await chat("When did I last walk by the river?");
    expect(r.status).toBe(200);
    expect(r.body.response).toMatch(/^You last wrote about this on 3 March/u);
    expect(r.body.context).toEqual([{ id: walk.id, title: null, created_at: walk.created_at }]);
    const us = await call(chatRoute.POST, {
      method: "POST",
      path: "/api/ai/chat",
      body: { message: "When did I last walk by the river?", tz: "UTC", locale: "en-US" },
    });
    expect(us.body.response).toMatch(/^You last wrote about this on March 3/u);
  });

  it("another direct question gets an honest word and what the journal says", async () => {
    const flat = await entry("Felt flat all weekend, stayed in.", at("2026-03-03T18:00:00Z"));
    const r = await chat("What should I do this weekend to feel less flat?");
    expect(r.body.response).toMatch(/^I can't answer that without an AI model; here is what your journal says:/u);
    expect(r.body.response).toContain(`[entry:${flat.id}]`);
  });
});
