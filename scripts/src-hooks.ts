/**
 * Loader hooks for the scripts that run the app's own modules (bench:ai, eval:mood, bench:offline): resolve
 * "@/…" to src/ and "server-only" to the test stub, so they run on Node 24 with type transformation.
 */
import { register } from "node:module";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const hooks = `
import { existsSync, statSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
const ROOT = ${JSON.stringify(root)};
const SRC = ROOT + "/src/";
function tryFile(base) {
  for (const c of [base, base + ".ts", base + ".tsx", base + "/index.ts"]) {
    if (existsSync(c) && statSync(c).isFile()) return pathToFileURL(c).href;
  }
  return null;
}
export async function resolve(specifier, context, next) {
  if (specifier === "server-only") return { url: pathToFileURL(ROOT + "/tests/support/server-only.ts").href, shortCircuit: true };
  if (specifier.startsWith("@/")) {
    const url = tryFile(SRC + specifier.slice(2));
    if (url) return { url, shortCircuit: true };
  }
  if ((specifier.startsWith("./") || specifier.startsWith("../")) && context.parentURL && context.parentURL.startsWith("file:")) {
    const parent = fileURLToPath(context.parentURL);
    if (parent.startsWith(ROOT + "/src/") || parent.startsWith(ROOT + "/tests/")) {
      const url = tryFile(new URL(specifier, context.parentURL).pathname);
      if (url) return { url, shortCircuit: true };
    }
  }
  return next(specifier, context);
}
`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`, import.meta.url);
export { root };
