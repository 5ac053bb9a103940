import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { grantTestConsents } from "../support/api-consent";
import * as chat from "@/app/api/ai/chat/route";
import * as planRoute from "@/app/api/safety-plan/route";
import { SAFETY_RESPONDER } from "@/domain/crisis/chat-safety";
import { setConfig } from "@/server/config/service";
import { db } from "@/server/db/client";
import {
  FAKE_MODELS,
  fakeProviderEnv,
  startFakeModelServer,
  type FakeModelServer,
  type FakeProvider,
} from "../support/fake-model-server";
import { readChatStream } from "../support/chat-stream";
import { call, expectError } from "../support/http";

let fake: FakeModelServer;
const PROVIDERS: FakeProvider[] = ["gemini", "openai", "ollama"];
const RISK = "I want to kill myself tonight.";

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
  await prisma.config.deleteMany({});
  await prisma.safetyPlan.deleteMany({});
});

const send = (body: Record<string, unknown>) => call(chat.POST, { method: "POST", path: "/api/ai/chat", body });

/** The parts every crisis reply holds: it asks, gives the local line and the emergency number, offers the plan. */
function expectCrisisReply(text: string, line: string, emergency: string) {
  expect(text).toContain("safe right now?");
  expect(text).toContain(line);
  expect(text).toContain(emergency);
  expect(text).toMatch(/safety plan/iu);
  // Never a template that treats the risk words as a topic.
  expect(text).not.toMatch(/kill myself|what stood out to you/iu);
}

describe("offline companion: a risk message gets the app's crisis reply with the local line", () => {
  beforeEach(async () => {
    await setConfig({ ai_model: "local/offline" });
  });

  it.each([
    ["GB", "116 123", "999"],
    ["DE", "0800 111 0 111", "112"],
    ["FR", "3114", "112"],
    ["AU", "13 11 14", "000"],
    ["US", "988", "911"],
  ])("country %s -> %s", async (country, line, emergency) => {
    const r = await send({ message: RISK, country });
    expect(r.status).toBe(200);
    expect(r.body.model).toBe(SAFETY_RESPONDER);
    expect(r.body.support).toEqual({ kind: "self", country });
    expectCrisisReply(r.body.response, line, emergency);
  });

  it("streams it word by word, with the support card's data part before finish", async () => {
    const r = await send({ message: RISK, country: "GB", stream: true });
    const reply = await readChatStream(r.body);
    expect(reply.deltas.length).toBeGreaterThan(5);
    expect(reply.chunks.slice(-2)).toEqual([
      { type: "data-support", data: { kind: "self", country: "GB" } },
      { type: "finish", finishReason: "stop" },
    ]);
    expect(reply.support).toEqual({ kind: "self", country: "GB" });
    expect(reply.model).toBe(SAFETY_RESPONDER);
    expect(reply.replacement).toBeUndefined();
    expectCrisisReply(reply.text, "116 123", "999");
  });

  it("uses the country set in Settings when the browser sends none, and the directory when none is known", async () => {
    await setConfig({ ai_model: "local/offline", crisis_country: "IE" });
    const ie = await send({ message: RISK });
    expect(ie.body.support.country).toBe("IE");
    expect(ie.body.response).toContain("116 123");
    await setConfig({ crisis_country: "" });
    const none = await send({ message: RISK });
    expect(none.body.support.country).toBe("INTL");
    expect(none.body.response).toContain("findahelpline.com");
    expect(none.body.response).toContain("112");
  });

  it("reads the recent turns together: risk earlier in the conversation still counts", async () => {
    const r = await send({
      message: "Anyway, what should I cook?",
      country: "GB",
      conversation_history: [
        { role: "user", content: "I don't want to live anymore." },
        { role: "assistant", content: "Tell me more." },
      ],
    });
    expect(r.body.support?.kind).toBe("self");
  });

  it("after the crisis reply, a short answer that is not 'I'm safe' is answered with care again; 'I'm safe' lets the conversation go on", async () => {
    const first = await send({ message: RISK, country: "GB" });
    const history = [
      { role: "user", content: RISK },
      { role: "assistant", content: first.body.response },
    ];
    const no = await send({ message: "no", country: "GB", conversation_history: history });
    expect(no.body.support).toEqual({ kind: "self-followup", country: "GB" });
    expect(no.body.response).toContain("116 123");
    const safe = await send({
      message: "Yes, I'm safe now. My sister is here.",
      country: "GB",
      conversation_history: history,
    });
    expect(safe.body.support).toBeUndefined();
    expect(safe.body.model).toBe("local/offline");
  });

  it("offers the person's own safety plan when they have one", async () => {
    const put = await call(planRoute.PUT, {
      method: "PUT",
      path: "/api/safety-plan",
      body: {
        warning_signs: "Not sleeping",
        coping_strategies: "Walk the dog",
        distractions: "",
        people_to_ask: "Sam",
        professionals: "",
        safe_environment: "",
      },
    });
    expect(put.status).toBe(200);
    const r = await send({ message: RISK, country: "GB" });
    expect(r.body.response).toMatch(/(?:your safety plan|you made a safety plan)/iu);
  });

  it("an ordinary message still gets the companion's reply", async () => {
    const r = await send({ message: "Had a lovely walk by the river with my dog today.", country: "GB" });
    expect(r.body.model).toBe("local/offline");
    expect(r.body.support).toBeUndefined();
  });

  it("refuses a country outside the table in the one error shape", async () => {
    expectError(await send({ message: "Hello", country: "ZZ" }), 400);
    expectError(await send({ message: "Hello", country: "GBR" }), 400);
    expectError(await send({ message: "Hello", country: 44 }), 400);
  });
});

describe.each(PROVIDERS)("cloud model %s", (provider) => {
  beforeEach(async () => {
    await setConfig({ ai_model: FAKE_MODELS[provider] });
  });

  it("answers a risk message with the local line and never calls the model for it", async () => {
    const r = await send({ message: RISK, country: "AU" });
    expect(r.status).toBe(200);
    expectCrisisReply(r.body.response, "13 11 14", "000");
    const s = await send({ message: RISK, country: "AU", stream: true });
    const streamed = await readChatStream(s.body);
    expect(streamed.support).toEqual({ kind: "self", country: "AU" });
    expectCrisisReply(streamed.text, "13 11 14", "000");
    expect(fake.requests()).toHaveLength(0);
  });

  it("answers even when the model has no key (no 424 for a risk message)", async () => {
    delete process.env.GOOGLE_GENERATIVE_AI_API_KEY;
    delete process.env.GEMINI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    const r = await send({ message: RISK, country: "FR" });
    expect(r.status).toBe(200);
    expect(r.body.response).toContain("3114");
  });

  it("gives the model safety instructions in its system prompt", async () => {
    fake.script({
      provider,
      task: "chat",
      reply: { text: "That sounds like a good day.", chunks: ["That sounds ", "like a good day."] },
    });
    const r = await send({ message: "I went for a swim today.", country: "GB" });
    expect(r.body.response).toBe("That sounds like a good day.");
    expect(r.body.support).toBeUndefined();
    const req = fake.requests()[0]!;
    expect(JSON.stringify(req.body)).toContain("Never describe, compare or confirm methods");
  });

  it("replaces a reply that gives methods or means (JSON and stream)", async () => {
    const bad = ["Some people look up the lethal ", "dose of their pills, which is about ", "40 tablets."];
    fake.script({ provider, task: "chat", reply: { text: bad.join(""), chunks: bad } });
    const r = await send({ message: "What happens with too much medicine?", country: "GB" });
    expect(r.body.support).toEqual({ kind: "replaced", country: "GB" });
    expect(r.body.response).not.toMatch(/lethal|40 tablets/iu);
    expect(r.body.response).toContain("116 123");

    fake.script({ provider, task: "chat", reply: { chunks: bad, chunkDelayMs: 2 } });
    const s = await send({ message: "What happens with too much medicine?", country: "GB", stream: true });
    const streamed = await readChatStream(s.body);
    // Nothing of the withheld reply reaches the browser, and the app's answer takes its place.
    expect(s.body).not.toMatch(/lethal|tablets/iu);
    expect(streamed.text).not.toMatch(/lethal|tablets/iu);
    expect(streamed.replacement).toContain("116 123");
    expectCrisisReply(streamed.replacement!, "116 123", "999");
    expect(streamed.support).toEqual({ kind: "replaced", country: "GB" });
    expect(streamed.model).toBe(SAFETY_RESPONDER);
    expect(streamed.chunks.map((c) => c.type).slice(-3)).toEqual(["data-replacement", "data-support", "finish"]);
    expect(streamed.context).toBeUndefined();
  });
});

// The cloud models of these tests are allowed, as the person would in the consent step.
beforeEach(grantTestConsents);
