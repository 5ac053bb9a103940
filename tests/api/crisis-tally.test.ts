import { beforeEach, describe, expect, it } from "vitest";
import * as analyze from "@/app/api/ai/analyze-text/route";
import * as chat from "@/app/api/ai/chat/route";
import * as crisis from "@/app/api/ai/detect-crisis/route";
import * as support from "@/app/api/ai/motivational-support/route";
import * as batch from "@/app/api/config/batch/route";
import * as configRoute from "@/app/api/config/route";
import * as configExport from "@/app/api/config/export/route";
import * as reset from "@/app/api/config/reset/route";
import * as clear from "@/app/api/data/clear/route";
import { crisisTallyKey, CRISIS_TALLY_PREFIX, readCrisisTally } from "@/domain/crisis/tally";
import { supportDecision } from "@/domain/editor";
import { setConfig } from "@/server/config/service";
import { countCrisisSupportShown } from "@/server/config/crisis-tally";
import { db } from "@/server/db/client";
import { exportableConfig } from "@/server/data/export";
import { readChatStream } from "../support/chat-stream";
import { call, expectError } from "../support/http";

const RISK_ENTRY =
  "Everything feels pointless lately and I want to end my life tonight. I have thought about it a lot.";
const EVERYDAY_ENTRY =
  "Went for a long walk by the river today, then made soup and called my sister. A good, quiet day.";
const RISK_CHAT = "I want to kill myself tonight.";
const EVERYDAY_CHAT = "What should I cook for dinner tonight?";
const YEAR = new Date().getFullYear();

const post = (handler: typeof crisis.POST, path: string, body: unknown) =>
  call(handler, { method: "POST", path, body });

/** What the editor does after a pause in typing: mood and crisis in parallel, then support when the rule says so. */
async function writeInEditor(content: string): Promise<boolean> {
  const body = { content, content_type: "text" };
  const [a, c] = await Promise.all([
    post(analyze.POST, "/api/ai/analyze-text", body),
    post(crisis.POST, "/api/ai/detect-crisis", body),
  ]);
  expect(a.status).toBe(200);
  expect(c.status).toBe(200);
  if (!supportDecision(c.body, a.body.analysis.mood_score, null)) return false;
  const s = await post(support.POST, "/api/ai/motivational-support", body);
  expect(s.status).toBe(200);
  return true;
}

const sendChat = (message: string, extra: Record<string, unknown> = {}) =>
  post(chat.POST, "/api/ai/chat", { message, country: "GB", ...extra });

async function tally(): Promise<number> {
  const prisma = await db();
  const row = await prisma.config.findUnique({ where: { key: crisisTallyKey(YEAR) } });
  return row ? Number(row.value) : 0;
}

beforeEach(async () => {
  const prisma = await db();
  await prisma.config.deleteMany({});
  await setConfig({ ai_model: "local/offline" });
});

describe("the count of crisis support shown", () => {
  it("rises when a risky entry opens the support panel, and not on everyday writing", async () => {
    expect(await writeInEditor(EVERYDAY_ENTRY)).toBe(false);
    expect(await tally()).toBe(0);
    expect(await writeInEditor(RISK_ENTRY)).toBe(true);
    expect(await tally()).toBe(1);
    // The check alone shows nothing, so it counts nothing: only the panel does.
    await post(crisis.POST, "/api/ai/detect-crisis", { content: RISK_ENTRY, content_type: "text" });
    expect(await tally()).toBe(1);
    expect(await writeInEditor(RISK_ENTRY)).toBe(true);
    expect(await tally()).toBe(2);
  });

  it("rises with each crisis reply in chat, streamed or not, and not on everyday chat", async () => {
    const everyday = await sendChat(EVERYDAY_CHAT);
    expect(everyday.status).toBe(200);
    expect(everyday.body.support).toBeUndefined();
    expect(await tally()).toBe(0);

    const risky = await sendChat(RISK_CHAT);
    expect(risky.body.support).toMatchObject({ kind: "self", country: "GB" });
    expect(await tally()).toBe(1);

    const streamed = await readChatStream((await sendChat(RISK_CHAT, { stream: true })).body);
    expect(streamed.support).toMatchObject({ kind: "self" });
    expect(await tally()).toBe(2);

    await sendChat("Thanks, I had a nice lunch with a friend.");
    expect(await tally()).toBe(2);
  });

  it("stores a count per year and nothing else: no words, no ids, no date finer than the year", async () => {
    await writeInEditor(RISK_ENTRY);
    await sendChat(RISK_CHAT);
    const prisma = await db();
    const rows = await prisma.config.findMany({ where: { key: { startsWith: CRISIS_TALLY_PREFIX } } });
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row!.key).toBe(`crisis_referrals.${YEAR}`);
    expect(row!.value).toBe("2");
    expect(row!.updatedAt.toISOString()).toBe(`${YEAR}-01-01T00:00:00.000Z`);
    // Nothing the person wrote is anywhere in the settings table.
    const all = JSON.stringify(await prisma.config.findMany());
    for (const word of ["pointless", "kill", "tonight", "myself"]) expect(all).not.toContain(word);
    // Settings reads it from the config map.
    const got = await call(configRoute.GET, { path: "/api/config" });
    expect(readCrisisTally(got.body.config)).toEqual([{ year: YEAR, count: 2 }]);
  });

  it("counts every one of several at once", async () => {
    await Promise.all(Array.from({ length: 8 }, () => countCrisisSupportShown()));
    expect(await tally()).toBe(8);
    await countCrisisSupportShown(new Date(2025, 5, 1));
    const got = await call(configRoute.GET, { path: "/api/config" });
    expect(readCrisisTally(got.body.config)).toEqual([
      { year: YEAR, count: 8 },
      { year: 2025, count: 1 },
    ]);
  });

  it("no request can set it", async () => {
    const one = await call(configRoute.PUT, {
      method: "PUT",
      path: "/api/config",
      body: { key: crisisTallyKey(YEAR), value: "I want to die" },
    });
    expectError(one, 400);
    expect(JSON.stringify(one.body)).toContain("counted by the server");
    const many = await call(batch.PUT, {
      method: "PUT",
      path: "/api/config/batch",
      body: { config: { [crisisTallyKey(YEAR)]: "0" } },
    });
    expectError(many, 400);
    expect(await tally()).toBe(0);
  });

  it("Clear All Data and resetting settings keep it; exports leave it out", async () => {
    await countCrisisSupportShown();
    await setConfig({ personal_info: "I like rivers." });
    expect((await call(configExport.GET, { path: "/api/config/export" })).body.config).not.toHaveProperty(
      crisisTallyKey(YEAR),
    );
    expect(await exportableConfig()).not.toHaveProperty(crisisTallyKey(YEAR));
    expect((await call(reset.POST, { method: "POST", path: "/api/config/reset" })).status).toBe(200);
    expect(await tally()).toBe(1);
    const cleared = await call(clear.POST, { method: "POST", path: "/api/data/clear", body: { confirm: true } });
    expect(cleared.status).toBe(200);
    expect(await tally()).toBe(1);
    const prisma = await db();
    expect(await prisma.config.count({ where: { key: "personal_info" } })).toBe(0);
  });
});
