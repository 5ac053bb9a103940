import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { detect } from "@/domain/crisis/detect";
import type { CrisisEvalItem } from "@/domain/crisis/eval";

const file = path.resolve(import.meta.dirname, "../fixtures/eval/crisis.json");
const items = (JSON.parse(readFileSync(file, "utf8")) as { items: CrisisEvalItem[] }).items;

/**
 * Every line of the evaluation set, read by the rules alone and by the rules with the learned scorer: severity,
 * categories and concern for someone else. Rewording how a rule is written down (phrase lists, named parts) must
 * leave this file unchanged; a change to what the rules mean shows here line by line (`vitest -u` records it).
 */
describe("crisis check: what it says about each line of the evaluation set", () => {
  it("matches the recorded reading of every line", async () => {
    const lines = items.map((item, i) => {
      const full = detect(item.text);
      const rules = detect(item.text, null);
      const cats = [...full.categories].sort().join(",") || "-";
      const ruleCats = [...rules.categories].sort().join(",") || "-";
      const concern = full.concern_for_other ? " concern" : "";
      return `${String(i).padStart(4, "0")} ${item.label} ${full.severity} ${cats}${concern} | rules ${rules.severity} ${ruleCats} | ${item.text.slice(0, 60).replace(/\s+/g, " ")}`;
    });
    expect(lines).toHaveLength(items.length);
    await expect(`${lines.join("\n")}\n`).toMatchFileSnapshot("./__snapshots__/crisis-eval-lines.txt");
  }, 60_000);
});
