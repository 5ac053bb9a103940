import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { grantTestConsents } from "../support/api-consent";
import * as chat from "@/app/api/ai/chat/route";
import * as configRoute from "@/app/api/config/route";
import { EntryInputSchema } from "@/contracts/entries";
import { matchExpression, retrieveEntries, retrievalTerms, RETRIEVED_ENTRY_CHARS } from "@/server/ai/retrieval";
import { setConfig } from "@/server/config/service";
import { db } from "@/server/db/client";
import { createEntry, deleteEntry, updateEntry } from "@/server/entries/service";
import { FAKE_MODELS, fakeProviderEnv, startFakeModelServer, type FakeModelServer } from "../support/fake-model-server";
import { readChatStream } from "../support/chat-stream";
import { call } from "../support/http";

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
  await setConfig({ ai_model: FAKE_MODELS.gemini });
});

let day = 0;
/** Entries are created one day apart, oldest first, unless a date is given. */
async function entry(content: string, extra: { title?: string; tags?: string[]; created_at?: string } = {}) {
  day += 1;
  const created_at = extra.created_at ?? new Date(Date.UTC(2026, 0, 1, 12) + day * 86_400_000).toISOString();
  return createEntry(EntryInputSchema.parse({ content, title: extra.title, tags: extra.tags, created_at }));
}

const send = (body: Record<string, unknown>) => call(chat.POST, { method: "POST", path: "/api/ai/chat", body });

describe("what the message is searched by", () => {
  it("meaningful words of the message, then those of the person's previous message", () => {
    const terms = retrievalTerms("And how was the climbing?", [
      { role: "user", content: "I went bouldering with Sam" },
      { role: "assistant", content: "That sounds fun! Tell me about the gym." },
    ]);
    expect(terms).toEqual(["climbing", "went", "bouldering", "sam"]);
  });

  it("each word is a quoted phrase, OR-ed, with quotes doubled", () => {
    expect(matchExpression(["walk", 'say"hi'])).toBe('"walk" OR "say""hi"');
  });
});

describe("retrieval of relevant entries", () => {
  it("ranks matches by BM25 (more and rarer matches first), then adds the most recent entries", async () => {
    const oldUnrelated = await entry("Paid the electricity bill and cleaned the kitchen.");
    const once = await entry(
      `${"A quiet day at home with tea and a book. ".repeat(6)}In the evening I thought about climbing again.`,
    );
    const strong = await entry(
      "Climbing gym with Sam. The climbing was hard but Sam cheered me on, best climbing session yet.",
    );
    const recent1 = await entry("Groceries and laundry.");
    const recent2 = await entry("Called my sister about the holidays.");
    const found = await retrieveEntries({ message: "Do you remember my climbing with Sam?" });
    expect(found.map((e) => e.id)).toEqual([strong.id, once.id, recent2.id, recent1.id]);
    expect(found.map((e) => e.id)).not.toContain(oldUnrelated.id);
    expect(found[0]).toEqual({ id: strong.id, title: null, content: strong.content, created_at: strong.created_at });
  });

  it("a word in the title or a tag weighs more than the same word in the body", async () => {
    const body = await entry("Long day. We talked about the garden and then about nothing much.");
    const titled = await entry("Weeded the beds, planted tomatoes.", { title: "Garden morning" });
    const tagged = await entry("Watered everything after work.", { tags: ["garden"] });
    const found = await retrieveEntries({ message: "garden", recent: 0 });
    expect(found.map((e) => e.id)).toEqual([titled.id, tagged.id, body.id]);
  });

  it("keeps at most 5 matches and 2 recent entries, most relevant first", async () => {
    const matching = [];
    for (let i = 0; i < 8; i++) matching.push(await entry(`Swimming lesson number ${i}.${" swimming".repeat(i)}`));
    const r1 = await entry("Board games night.");
    const r2 = await entry("Rainy walk to the library.");
    const found = await retrieveEntries({ message: "swimming" });
    expect(found).toHaveLength(7);
    expect(found.slice(0, 5).map((e) => e.id)).toEqual(
      [...matching]
        .reverse()
        .slice(0, 5)
        .map((e) => e.id),
    );
    expect(found.slice(5).map((e) => e.id)).toEqual([r2.id, r1.id]);
  });

  it("matches substrings in any letter case, as the journal search does", async () => {
    const e = await entry("Went HIKING on the ridge with juno.");
    const other = await entry("Nothing to see here.");
    const found = await retrieveEntries({ message: "hiking with Juno", recent: 0 });
    expect(found.map((x) => x.id)).toEqual([e.id]);
    expect(found.map((x) => x.id)).not.toContain(other.id);
  });

  it("a message of only stop-words gives just the recent entries", async () => {
    await entry("First.");
    const b = await entry("Second.");
    const c = await entry("Third.");
    expect((await retrieveEntries({ message: "How are you today? What do you think?" })).map((e) => e.id)).toEqual([
      c.id,
      b.id,
    ]);
  });

  it("an empty journal gives nothing", async () => {
    expect(await retrieveEntries({ message: "climbing with Sam" })).toEqual([]);
  });

  it("deleted entries are gone and edited entries are found by their new words", async () => {
    const gone = await entry("Pottery class was messy and fun.");
    const edited = await entry("Plain day.");
    await deleteEntry(gone.id);
    await updateEntry(edited.id, EntryInputSchema.parse({ content: "Second pottery class: made a bowl." }));
    const found = await retrieveEntries({ message: "pottery", recent: 0 });
    expect(found.map((e) => e.id)).toEqual([edited.id]);
    expect(found[0].content).toBe("Second pottery class: made a bowl.");
  });

  it("FTS syntax in a message is only text", async () => {
    const e = await entry('She said "NEAR(x)" and cat* OR dog -park');
    for (const message of [
      '"NEAR(x)"',
      "cat* OR dog",
      "-park AND (",
      "'; DROP TABLE entries; --",
      "\u0000\u001f weird",
    ]) {
      await expect(retrieveEntries({ message, recent: 0 })).resolves.toBeInstanceOf(Array);
    }
    expect((await retrieveEntries({ message: "cat* OR dog", recent: 0 })).map((x) => x.id)).toEqual([e.id]);
  });

  it("long entries become an excerpt around the first match", async () => {
    const long = `${"Ordinary morning with coffee. ".repeat(80)}Then I finally finished the marathon training plan. ${"Evening news. ".repeat(80)}`;
    await entry(long);
    const [found] = await retrieveEntries({ message: "marathon", recent: 0 });
    expect(found.content).toContain("finally finished the marathon training plan");
    expect(found.content.length).toBeLessThanOrEqual(RETRIEVED_ENTRY_CHARS + 6);
    expect(found.content.startsWith("...")).toBe(true);
  });
});

describe("chat grounded in the journal", () => {
  it("puts the relevant entries with dates and ids into the prompt and names them in the answer", async () => {
    const trail = await entry("Hiked the ridge trail with Juno. She chased a squirrel.", {
      title: "Trail day",
      created_at: "2026-03-04T15:00:00.000Z",
    });
    fake.script({
      provider: "gemini",
      task: "chat",
      reply: { text: `You hiked the ridge trail with Juno [entry:${trail.id}].` },
    });
    const r = await send({ message: "Remember the ridge trail with Juno?", tz: "Europe/Paris" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      success: true,
      model: FAKE_MODELS.gemini,
      response: `You hiked the ridge trail with Juno [entry:${trail.id}].`,
      context: [{ id: trail.id, title: "Trail day", created_at: "2026-03-04T15:00:00.000Z" }],
    });
    const [req] = fake.requests();
    expect(req.prompt).toContain(
      `[entry:${trail.id}]\nJournal entry from 2026-03-04 "Trail day":\nHiked the ridge trail with Juno. She chased a squirrel.`,
    );
    expect(req.prompt).toContain("cite it right after that sentence as [entry:<id>]");
    expect(req.prompt).toMatch(/Today is \d{4}-\d{2}-\d{2}\./u);
  });

  it("dates are the person's local days", async () => {
    await entry("Late night sketching session.", { created_at: "2026-03-05T03:00:00.000Z" });
    await send({ message: "sketching", tz: "America/New_York" });
    expect(fake.requests()[0].prompt).toContain("Journal entry from 2026-03-04:\nLate night sketching session.");
  });

  it("a streamed reply names the entries too, in its data-context part before finish", async () => {
    const e = await entry("Made sourdough bread with Grandma's recipe.");
    fake.script({
      provider: "gemini",
      task: "chat",
      reply: { chunks: ["The bread ", `sounds lovely [entry:${e.id}].`] },
    });
    const r = await send({ message: "The sourdough bread turned out great", stream: true });
    const reply = await readChatStream(r.body);
    expect(reply.text).toBe(`The bread sounds lovely [entry:${e.id}].`);
    expect(reply.model).toBe(FAKE_MODELS.gemini);
    expect(reply.context).toEqual([{ id: e.id, title: null, created_at: e.created_at }]);
    expect(reply.chunks.slice(-2).map((c) => c.type)).toEqual(["data-context", "finish"]);
  });

  it("switched off in the settings, no entry is read or named", async () => {
    await entry("Secret plans for the surprise party.");
    const put = await call(configRoute.PUT, {
      method: "PUT",
      path: "/api/config",
      body: { key: "chat_use_journal", value: "false" },
    });
    expect(put.status).toBe(200);
    const r = await send({ message: "What about the surprise party?" });
    expect(r.status).toBe(200);
    expect(r.body.context).toBeUndefined();
    expect(fake.requests()[0].prompt).not.toContain("surprise party for");
    expect(fake.requests()[0].prompt).not.toContain("Secret plans");
    expect(fake.requests()[0].prompt).not.toContain("Journal entry from");
  });

  it("switched on again, entries come back", async () => {
    await entry("Secret plans for the surprise party.");
    await setConfig({ chat_use_journal: "true" });
    const r = await send({ message: "surprise party" });
    expect(r.body.context).toHaveLength(1);
  });

  it("an entry named in context_entries is not added twice", async () => {
    const e = await entry("Tennis with Maya, lost both sets.");
    const r = await send({ message: "tennis", context_entries: [e.id] });
    expect(r.body.context).toEqual([{ id: e.id, title: null, created_at: e.created_at }]);
    expect(fake.requests()[0].prompt.split("Tennis with Maya").length - 1).toBe(1);
  });

  it("an empty journal keeps the spec's answer: no context", async () => {
    const r = await send({ message: "Hello there" });
    expect(r.body).toEqual({ success: true, response: expect.any(String), model: FAKE_MODELS.gemini });
    expect(fake.requests()[0].prompt).not.toContain("Journal entry from");
  });

  it("the offline companion reads the journal and cites the entry it draws on, with its date", async () => {
    await setConfig({ ai_model: "local/offline" });
    const e = await entry("Piano practice, finally got the hard bar.");
    await entry("Bought new running shoes.");
    const r = await send({ message: "My piano practice went badly today and I felt stuck.", tz: "UTC" });
    expect(r.status).toBe(200);
    // Words without their own "I" are quoted as written, never spliced ("you wrote that piano practice...").
    expect(r.body.response).toMatch(/On \w+ \d+ \w+ you wrote: "Piano practice, finally got the hard bar\."/);
    expect(r.body.response).not.toMatch(/you wrote that piano/);
    expect(r.body.context).toEqual([{ id: e.id, title: null, created_at: expect.any(String) }]);
  });

  it("the offline companion leaves the journal alone when it is switched off", async () => {
    await setConfig({ ai_model: "local/offline", chat_use_journal: "false" });
    await entry("Piano practice, finally got the hard bar.");
    const r = await send({ message: "My piano practice went badly today and I felt stuck." });
    expect(r.status).toBe(200);
    expect(r.body.response).not.toMatch(/you wrote/);
    expect(r.body.context).toBeUndefined();
  });
});

// The cloud models of these tests are allowed, as the person would in the consent step.
beforeEach(grantTestConsents);
