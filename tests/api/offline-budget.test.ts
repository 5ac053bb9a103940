import { afterEach, describe, expect, it } from "vitest";
import * as analyze from "@/app/api/ai/analyze-text/route";
import * as entries from "@/app/api/entries/route";
import { MAX_CONTENT_CHARS } from "@/domain/constants";
import { setConfig } from "@/server/config/service";
import { call, expectError } from "../support/http";

afterEach(() => {
  delete process.env.OFFLINE_AI_BUDGET_MS;
});

describe("a huge text for the offline analyzer cannot freeze the server (finding 3)", () => {
  it("other requests are answered while it runs, and it ends by its budget with a clear error", async () => {
    process.env.OFFLINE_AI_BUDGET_MS = "1500";
    await setConfig({ ai_model: "local/offline" });
    // The reproduction: the longest text the journal allows, all punctuation.
    const content = "!?.".repeat(Math.floor(MAX_CONTENT_CHARS / 3));
    const order: string[] = [];
    const long = call(analyze.POST, { method: "POST", path: "/api/ai/analyze-text", body: { content } }).then((r) => {
      order.push("analysis answered");
      return r;
    });
    // Meanwhile, the journal keeps answering.
    for (let i = 0; i < 3; i++) {
      const r = await call(entries.GET, { path: "/api/entries" });
      expect(r.status).toBe(200);
      order.push("entries answered");
    }
    const r = await long;
    expect(order.indexOf("entries answered")).toBeLessThan(order.indexOf("analysis answered"));
    if (r.status !== 200) {
      // Over its budget: stopped, in the one error shape.
      const err = expectError(r, 502, "MODEL_FAILED");
      expect(err.message).toMatch(/did not finish within 1\.5 s/u);
    } else {
      // A linear analyzer may finish within the budget: then it must be a real analysis.
      expect(r.body.analysis.mood_score).toBeGreaterThanOrEqual(1);
    }
  });
});
