/**
 * The one way a script runs the app's own modules under plain Node 24, as package.json does:
 *
 *   node --experimental-transform-types --import ./scripts/src-hooks.ts --no-warnings scripts/<name>.ts
 *
 * (`--experimental-transform-types`: some of the app's classes use parameter properties, which plain type
 * stripping refuses; Next and vitest compile them.)
 *
 * It teaches Node what Next and vitest already know:
 * - "@/…" is src/…;
 * - a relative import without an extension ("./rules") is the .ts or .tsx file, or the folder's index.ts, for
 *   modules inside src/, tests/ and scripts/;
 * - "server-only" is an empty module (tests/support/server-only.ts, as in vitest): a script is server code.
 * The hooks run in the script's own thread (module.registerHooks), before its first import is resolved.
 * Child processes that run a script take the same arguments: SCRIPT_NODE_ARGS in scripts/node-args.ts.
 */
import { statSync } from "node:fs";
import { registerHooks } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const root = path.resolve(import.meta.dirname, "..");
const SRC = path.join(root, "src");
const OWN_FOLDERS = [SRC, path.join(root, "tests"), path.join(root, "scripts")].map((d) => d + path.sep);
const SERVER_ONLY = pathToFileURL(path.join(root, "tests/support/server-only.ts")).href;
const CANDIDATES = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The module file a path without an extension stands for, or null. */
function probe(base: string): string | null {
  for (const ending of CANDIDATES) if (isFile(base + ending)) return pathToFileURL(base + ending).href;
  return null;
}

function inOwnFolders(parentURL: string | undefined): boolean {
  if (!parentURL?.startsWith("file:")) return false;
  const parent = fileURLToPath(parentURL);
  return OWN_FOLDERS.some((dir) => parent.startsWith(dir));
}

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === "server-only") return { url: SERVER_ONLY, shortCircuit: true };
    if (specifier.startsWith("@/")) {
      const url = probe(path.join(SRC, specifier.slice(2)));
      if (url) return { url, shortCircuit: true };
    }
    if ((specifier.startsWith("./") || specifier.startsWith("../")) && inOwnFolders(context.parentURL)) {
      const url = probe(fileURLToPath(new URL(specifier, context.parentURL)));
      if (url) return { url, shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});
