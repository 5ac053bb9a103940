/**
 * Writes the table of model outputs into src/server/ai/README.md from the task schemas of src/contracts/ai.ts
 * (npm run docs:ai). tests/unit/ai-outputs.test.ts fails when the README is stale.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { root } from "./src-hooks.ts";

const { withOutputsTable } = await import("@/server/ai/output-docs");
const file = path.join(root, "src/server/ai/README.md");
const before = readFileSync(file, "utf8");
const after = withOutputsTable(before);
if (after === before) console.log("src/server/ai/README.md: the table of model outputs is up to date.");
else {
  writeFileSync(file, after);
  console.log("src/server/ai/README.md: the table of model outputs was rewritten.");
}
