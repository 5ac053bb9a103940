// Generates the Prisma client without letting Prisma download its schema engine.
// `prisma generate` only needs the engine path to exist; the client itself is pure TypeScript.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const placeholder = path.join(root, "node_modules", ".cache", "prisma-engine-placeholder");
if (!existsSync(placeholder)) {
  mkdirSync(path.dirname(placeholder), { recursive: true });
  writeFileSync(placeholder, "");
}
execFileSync(process.execPath, [path.join(root, "node_modules", "prisma", "build", "index.js"), "generate"], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: placeholder,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
    PRISMA_TELEMETRY_DISABLED: "1",
  },
});
