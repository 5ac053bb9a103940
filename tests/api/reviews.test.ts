import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as reviews from "@/app/api/reviews/route";
import { EntryCreateSchema } from "@/contracts/entries";
import { BASIC_READING_NOTE } from "@/domain/review-basic-reading";
import { revokeCloudConsent } from "@/server/ai/consent";
import { setConfig } from "@/server/config/service";
import { createEntry, deleteEntry, getEntry } from "@/server/entries/service";
import { grantTestConsents } from "../support/api-consent";
import { FAKE_MODELS, fakeProviderEnv, startFakeModelServer, type FakeModelServer } from "../support/fake-model-server";
import { call, expectError } from "../support/http";

let fake: FakeModelServer;
const ids: Record<string, string> = {};

/** The week of Monday 16 November 2026 (UTC), the week before it, and one entry after it. */
const FIXTURE = {
  before: {
    created_at: "2026-11-10T09:00:00Z",
    title: "Before",
    content: "Work again, all day long at the office.",
    ai_mood_score: 5,
    ai_themes: ["work"],
  },
  walk: {
    created_at: "2026-11-16T18:00:00Z",
    title: "Long walk",
    content: "I walked by the river with Sam and felt calm again. The light was lovely.",
    ai_mood_score: 7,
    ai_themes: ["nature", "friends"],
  },
  deadline: {
    created_at: "2026-11-18T21:00:00Z",
    title: "Deadline",
    content: "• late again\nWork ran late and I felt tired and tense all evening. Nothing went right today.",
    ai_mood_score: 3,
    ai_themes: ["work"],
  },
  dinner: {
    created_at: "2026-11-20T20:00:00Z",
    title: "Dinner",
    content: "Sam cooked dinner and we laughed for hours. I'm grateful for friends like that.",
    ai_mood_score: 9,
    ai_themes: ["friends"],
  },
  outside: {
    created_at: "2026-11-24T10:00:00Z",
    title: "Outside the week",
    content: "A secret sentence from the next week that no review of the week may use.",
    ai_mood_score: 10,
    ai_themes: ["travel"],
  },
};
const WEEK = { period: "week", date: "2026-11-18", tz: "UTC" };
const NOW = "2026-11-27";

const post = (body: unknown) => call(reviews.POST, { method: "POST", body });
const list = async () => (await call(reviews.GET)).body.reviews as any[];

beforeAll(async () => {
  fake = await startFakeModelServer();
  for (const [k, f] of Object.entries(FIXTURE)) ids[k] = (await createEntry(EntryCreateSchema.parse(f))).id;
});
afterAll(async () => {
  await fake.close();
});
beforeEach(async () => {
  fake.reset();
  Object.assign(process.env, fakeProviderEnv(fake.url));
  await setConfig({ ai_model: "local/offline" });
});

describe("POST /api/reviews: input", () => {
  it("refuses a bad period, a bad date, a missing body and a date after today with a 400", async () => {
    expectError(await post({ period: "decade", date: "2026-11-18" }), 400, "VALIDATION_FAILED");
    expectError(await post({ period: "week", date: "2026-02-30" }), 400, "VALIDATION_FAILED");
    expectError(await post({ period: "week", date: "18/11/2026" }), 400, "VALIDATION_FAILED");
    expectError(await post({ period: "week" }), 400, "VALIDATION_FAILED");
    expectError(await post({ period: "week", date: "2026-11-18", tz: "Mars/Olympus" }), 400, "VALIDATION_FAILED");
    expectError(await post({ period: "week", date: "2026-11-18", mode: "replace" }), 400, "VALIDATION_FAILED");
    const future = await post({ period: "week", date: "2999-01-01" });
    expectError(future, 400, "VALIDATION_FAILED");
    expect(future.body.error.message).toContain("after today");
    expect(future.body.error.details).toEqual([{ path: "date", message: "must not be after today" }]);
    expect(await list()).toEqual([]);
  });
});

describe("POST /api/reviews: offline", () => {
  it("saves the week's review as an entry tagged review, built from counted evidence and labelled", async () => {
    const r = await post(WEEK);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const e = r.body.entry;
    expect(e.title).toBe("Week of 16 November 2026");
    expect(e.tags.map((t: { name: string }) => t.name)).toEqual(["review"]);
    expect(e.content.startsWith(BASIC_READING_NOTE)).toBe(true);
    expect(e.content).toContain("You wrote 3 entries on 3 days this week");
    expect(e.content).toContain("Best day: Friday 20 November, 9 (“Dinner”)");
    expect(e.content).toContain("Hardest day: Wednesday 18 November, 3 (“Deadline”)");
    expect(e.content).toContain("Friends: 2 entries, new since the week before");
    expect(e.content).toContain("Work: 1 entry, as often as the week before");
    expect(e.content).toContain("Sam: 2 entries");
    expect(e.content).toContain("“I'm grateful for friends like that.”");
    expect(e.content).not.toContain("late again");
    expect(e.content).not.toContain("secret sentence");
    expect(e.content).toContain("**Questions for the next week**");
    expect(await getEntry(e.id)).toMatchObject({ id: e.id, title: e.title });

    const [meta] = await list();
    expect(meta).toMatchObject({
      period: "week",
      start: "2026-11-16",
      end: "2026-11-22",
      entry_id: e.id,
      model: "local/offline",
      best: { date: "2026-11-20", entry_id: ids.dinner },
      hardest: { date: "2026-11-18", entry_id: ids.deadline },
      numbers: { entries: 3, days_written: 3, checkins: 0 },
    });
    expect(meta.cited).not.toContain(ids.outside);
  });

  it("generating again updates that review; mode new makes another; a deleted review is made anew", async () => {
    const first = (await post(WEEK)).body.entry;
    const again = (await post({ ...WEEK, date: "2026-11-22" })).body.entry;
    expect(again.id).toBe(first.id);
    const another = (await post({ ...WEEK, mode: "new" })).body.entry;
    expect(another.id).not.toBe(first.id);
    expect((await list()).filter((m) => m.period === "week")[0].entry_id).toBe(another.id);
    await deleteEntry(another.id);
    const fresh = (await post(WEEK)).body.entry;
    expect(fresh.id).not.toBe(another.id);
    // The reviews themselves are never evidence for the next one.
    expect(fresh.content).toContain("You wrote 3 entries");
  });

  it("titles a month and a year, and the year carries its numbers", async () => {
    const month = (await post({ period: "month", date: "2026-11-01", tz: "UTC" })).body.entry;
    expect(month.title).toBe("November 2026");
    expect(month.content).toContain("You wrote 5 entries on 5 days this month");
    const year = (await post({ period: "year", date: NOW, tz: "UTC" })).body.entry;
    expect(year.title).toBe("Your year in Reverie 2026");
    const meta = (await list()).find((m) => m.period === "year");
    expect(meta).toMatchObject({ start: "2026-01-01", end: "2026-12-31", numbers: { entries: 5, days_written: 5 } });
  });
});

describe("POST /api/reviews: with a cloud model", () => {
  beforeEach(async () => {
    await grantTestConsents();
    await setConfig({ ai_model: FAKE_MODELS.openai });
  });

  it("sends only the period's entries; a citation of an entry outside the period is dropped", async () => {
    fake.script({
      provider: "openai",
      task: "write-review",
      reply: {
        json: {
          paragraphs: [
            { text: "You found calm by the river and laughter at dinner.", entry_ids: [ids.walk, ids.dinner] },
            { text: "An invented trip that never happened this week.", entry_ids: [ids.outside] },
            { text: `Work weighed on you midweek (${ids.outside}).`, entry_ids: [ids.deadline, ids.outside] },
          ],
          questions: ["What would you like to keep from this week?"],
        },
      },
    });
    const r = await post(WEEK);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [req] = fake.requests();
    expect(req.task).toBe("write-review");
    for (const k of ["walk", "deadline", "dinner"]) expect(req.prompt).toContain(`[entry ${ids[k]}]`);
    expect(req.prompt).not.toContain(ids.outside);
    expect(req.prompt).not.toContain("secret sentence");
    expect(req.prompt).not.toContain("Work again, all day long");

    const e = r.body.entry;
    expect(e.content).not.toContain(BASIC_READING_NOTE);
    expect(e.content).toContain("You found calm by the river and laughter at dinner.");
    expect(e.content).toContain("Work weighed on you midweek.");
    expect(e.content).not.toContain("invented trip");
    expect(e.content).not.toContain(ids.outside);
    expect(e.content).not.toContain("Outside the week");
    expect(e.content).toContain("What would you like to keep from this week?");
    const meta = (await list()).find((m) => m.period === "week");
    expect(meta.model).toBe(FAKE_MODELS.openai);
    expect(meta.cited).toEqual(expect.arrayContaining([ids.walk, ids.dinner, ids.deadline]));
    expect(meta.cited).not.toContain(ids.outside);
  });

  it("falls back to the counted reading when every citation is foreign", async () => {
    fake.script({
      provider: "openai",
      task: "write-review",
      reply: { json: { paragraphs: [{ text: "All invented.", entry_ids: [ids.outside] }], questions: [] } },
    });
    const e = (await post(WEEK)).body.entry;
    expect(e.content.startsWith(BASIC_READING_NOTE)).toBe(true);
    expect(e.content).not.toContain("All invented.");
  });

  it("asks for consent (428) before anything goes to a cloud model not allowed", async () => {
    await revokeCloudConsent(FAKE_MODELS.openai);
    expectError(await post(WEEK), 428, "CONSENT_REQUIRED");
    expect(fake.requests()).toHaveLength(0);
  });

  it("keeps an entry that shows high risk out of what is sent, and says so", async () => {
    const risky = await createEntry(
      EntryCreateSchema.parse({
        created_at: "2026-11-19T12:00:00Z",
        title: "Night",
        content: "I have decided to kill myself tonight, I have the pills ready.",
      }),
    );
    try {
      const e = (await post(WEEK)).body.entry;
      const [req] = fake.requests();
      expect(req.prompt).not.toContain("kill myself");
      expect(req.prompt).not.toContain(risky.id);
      expect(e.content).toContain("kept out of this reading");
      expect(e.content).not.toContain("kill myself");
    } finally {
      await deleteEntry(risky.id);
    }
  });
});
