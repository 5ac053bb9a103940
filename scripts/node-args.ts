/**
 * How a script is started from another process (benchmarks, tests): the same Node arguments package.json uses,
 * so the script resolves "@/", extensionless imports and "server-only" as it does under npm run (src-hooks.ts).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";

const HOOKS = pathToFileURL(path.resolve(import.meta.dirname, "src-hooks.ts")).href;

export const SCRIPT_NODE_ARGS: readonly string[] = [
  "--experimental-transform-types",
  "--import",
  HOOKS,
  "--no-warnings",
];
