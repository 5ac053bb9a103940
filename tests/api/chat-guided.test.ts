import { beforeEach, describe, expect, it } from "vitest";
import * as chat from "@/app/api/ai/chat/route";
import type { ChatResponse } from "@/contracts/ai";
import type { GuideState } from "@/domain/guided";
import { SAFETY_RESPONDER } from "@/domain/crisis/chat-safety";
import { flowLength } from "@/domain/guided";
import { setConfig } from "@/server/config/service";
import { db } from "@/server/db/client";
import { readChatStream } from "../support/chat-stream";
import { call, expectError } from "../support/http";

beforeEach(async () => {
  const prisma = await db();
  await prisma.config.deleteMany({});
  await prisma.safetyPlan.deleteMany({});
  await setConfig({ ai_model: "local/offline", chat_use_journal: "false" });
});

const send = (body: Record<string, unknown>) => call(chat.POST, { method: "POST", path: "/api/ai/chat", body });

async function turn(body: Record<string, unknown>): Promise<ChatResponse> {
  const r = await send(body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as ChatResponse;
}

describe("guided reflections in the offline chat", () => {
  it("untangle a worry: five questions that adapt, then a summary to save", async () => {
    const history: { role: "user" | "assistant"; content: string }[] = [];
    let r = await turn({ message: "Untangle a worry", guide_start: "worry" });
    expect(r.response).toMatch(/situation/u);
    expect(r.guide).toEqual({ flow: "worry", answers: [] });
    const answers = [
      "My presentation at work on Friday.",
      "I feel anxious and scared, about an 8.",
      "I'll freeze and everyone will think I'm useless",
      "I have practised and my manager liked the draft.",
      "I'm prepared, and one stumble would not undo my work.",
    ];
    for (const [i, a] of answers.entries()) {
      history.push({ role: "user", content: a });
      r = await turn({ message: a, guide: r.guide, conversation_history: history });
      history.push({ role: "assistant", content: r.response });
      if (i === 2) expect(r.response).toContain("\"I'll freeze and everyone will think I'm useless.\"");
      if (i < answers.length - 1) {
        expect(r.guide?.answers).toEqual(answers.slice(0, i + 1));
        expect((r.response.match(/\?/gu) ?? []).length).toBe(1);
      }
    }
    expect(r.guide).toBeUndefined();
    expect(r.guide_summary).toBeDefined();
    expect(r.guide_summary!.title).toBe("Untangling a worry: My presentation at work on Friday");
    for (const a of answers) expect(r.guide_summary!.content).toContain(a);
    expect(r.guide_summary!.tags).toEqual(expect.arrayContaining(["worry", "reflection"]));
    expect(r.guide_summary!.mood_score).toBeGreaterThanOrEqual(1);
    expect(r.guide_summary!.mood_score).toBeLessThanOrEqual(10);
  });

  it("the crisis check runs first, also inside a reflection", async () => {
    const start = await turn({ message: "Vent and be heard", guide_start: "vent" });
    const r = await turn({ message: "I want to kill myself tonight.", guide: start.guide, country: "GB" });
    expect(r.model).toBe(SAFETY_RESPONDER);
    expect(r.support).toEqual({ kind: "self", country: "GB" });
    expect(r.response).toContain("116 123");
    // The reflection stops: its next question is not asked.
    expect(r.guide).toBeUndefined();
    expect(r.guide_summary).toBeUndefined();
  });

  it("'are you a real person?' gets the truthful answer, and the reflection waits where it was", async () => {
    const start = await turn({ message: "Untangle a worry", guide_start: "worry" });
    const first = await turn({ message: "My presentation at work on Friday.", guide: start.guide });
    const asked = await turn({ message: "Wait, are you a real person?", guide: first.guide });
    expect(asked.response).toMatch(/not a person|built-in companion/u);
    expect(asked.response).toContain("the reflection carries on where we were");
    expect(asked.guide).toEqual({ flow: "worry", answers: ["My presentation at work on Friday."] });
    // The next answer is taken as the answer to the question that was waiting.
    const next = await turn({ message: "Anxious, about a 7.", guide: asked.guide });
    expect(next.guide?.answers).toEqual(["My presentation at work on Friday.", "Anxious, about a 7."]);
    // Streamed, the state comes back as the data part.
    const streamed = await send({ message: "Is this a bot?", guide: first.guide, stream: true });
    const reply = await readChatStream(streamed.body as string);
    const part = reply.message?.parts.find((p) => p.type === "data-guide") as
      { data: { state: GuideState } } | undefined;
    expect(part?.data.state).toEqual(first.guide);
  });

  it("streams the reflection's state as a data part", async () => {
    const r = await send({ message: "Gratitude", guide_start: "gratitude", stream: true });
    expect(r.status).toBe(200);
    const reply = await readChatStream(r.body as string);
    expect(reply.finished).toBe(true);
    expect(reply.text).toMatch(/grateful for\?/u);
    const part = reply.message?.parts.find((p) => p.type === "data-guide") as
      { data: { state: GuideState } } | undefined;
    expect(part?.data.state).toEqual({ flow: "gratitude", answers: [] });
  });

  it("every flow comes to a summary", async () => {
    for (const flow of ["vent", "gratitude", "plan", "wind-down"] as const) {
      let r = await turn({ message: flow, guide_start: flow });
      for (let i = 0; i < flowLength(flow); i++)
        r = await turn({ message: `Answer ${i + 1} for ${flow}, in my words.`, guide: r.guide });
      expect(r.guide_summary?.content, flow).toContain(`Answer 1 for ${flow}`);
    }
  });

  it("refuses a reflection state that is not one", async () => {
    expectError(await send({ message: "hi", guide_start: "hypnosis" }), 400);
    expectError(await send({ message: "hi", guide: { flow: "worry", answers: "no" } }), 400);
    expectError(await send({ message: "hi", guide: { flow: "worry", answers: Array(9).fill("a") } }), 400);
  });
});

describe("the offline companion outside a reflection", () => {
  it("a direct question gets an honest answer, never a question back", async () => {
    const r = await turn({ message: "What should I do this weekend to feel less flat?" });
    expect(r.response).toMatch(/^I can't answer that without an AI model/u);
    expect(r.response).not.toMatch(/\?/u);
  });

  it("a short message is not echoed back", async () => {
    const r = await turn({ message: "Feeling a bit restless today, not sure why." });
    expect(r.response).not.toMatch(/restless today/u);
    expect(r.response).not.toMatch(/not sure why/u);
  });

  it("never pairs an earlier, unrelated message with the new one", async () => {
    const history = [
      { role: "user" as const, content: "My sister called this morning and we laughed a lot." },
      { role: "assistant" as const, content: "That sounds lovely." },
      { role: "user" as const, content: "Then I went for a long run by the river before lunch." },
      { role: "assistant" as const, content: "That sounds good." },
      { role: "user" as const, content: "Work was slow in the afternoon and I tidied my desk." },
      { role: "assistant" as const, content: "Thank you for telling me." },
    ];
    const r = await turn({
      message: "I scrolled my phone for hours tonight and now I feel worse.",
      conversation_history: history,
    });
    expect(r.response).not.toMatch(/Earlier you mentioned|sister|connected/u);
  });
});
