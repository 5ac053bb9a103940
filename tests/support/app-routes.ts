import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export interface AppRoute {
  /** a concrete address, dynamic segments filled with a sample value */
  path: string;
  kind: "page" | "api";
  methods: string[];
}

const APP_DIR = path.resolve(import.meta.dirname, "../../src/app");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"];

/** Every page and route handler of the app, read from the filesystem so that none can be forgotten. */
export function listAppRoutes(): AppRoute[] {
  const out: AppRoute[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) {
        walk(full, [...segments, name]);
        continue;
      }
      const parts = segments
        .filter((s) => !(s.startsWith("(") && s.endsWith(")")))
        .map((s) => (s.startsWith("[") ? "sample-id" : s));
      const address = `/${parts.join("/")}`;
      if (/^page\.tsx?$/u.test(name)) out.push({ path: address, kind: "page", methods: ["GET"] });
      if (/^route\.tsx?$/u.test(name)) {
        const src = readFileSync(full, "utf8");
        const methods = METHODS.filter((m) =>
          new RegExp(`export (const|async function|function) ${m}\\b`, "u").test(src),
        );
        out.push({ path: address, kind: "api", methods });
      }
    }
  };
  walk(APP_DIR, []);
  return out;
}
