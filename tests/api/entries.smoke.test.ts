import { describe, expect, it } from "vitest";
import * as entries from "@/app/api/entries/route";
import * as one from "@/app/api/entries/[id]/route";
import * as stats from "@/app/api/entries/statistics/route";
import { call, expectError } from "../support/http";

describe("entries smoke", () => {
  it("creates, lists, searches and deletes", async () => {
    const c = await call(entries.POST, { method: "POST", path: "/api/entries", body: { title: "Morning walk", content: "The Hummingbird came back today.", tags: ["Nature", "morning"], ai_mood_score: 8 } });
    expect(c.status).toBe(201);
    expect(c.body.tags).toEqual([{ name: "morning" }, { name: "nature" }]);
    const l = await call(entries.GET, { path: "/api/entries?search=hummingb" });
    expect(l.body.map((e: any) => e.id)).toEqual([c.body.id]);
    const t = await call(entries.GET, { path: "/api/entries?search=NATU" });
    expect(t.body).toHaveLength(1);
    const none = await call(entries.GET, { path: "/api/entries?search=zebra" });
    expect(none.body).toHaveLength(0);
    const s = await call(stats.GET, { path: "/api/entries/statistics?tz=UTC" });
    expect(s.body.total_entries).toBe(1);
    expect(s.body.current_streak).toBe(1);
    const d = await call(one.DELETE, { method: "DELETE", params: { id: c.body.id } });
    expect(d.status).toBe(200);
    expectError(await call(one.GET, { params: { id: c.body.id } }), 404, "NOT_FOUND");
  });
});
