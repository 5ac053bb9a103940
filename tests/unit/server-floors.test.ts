/**
 * The floors of src/server (see src/server/README.md), held: a folder imports only from the floors below
 * it, and from the folders named before it on its own floor. Every import line counts, `import type` and
 * `await import()` included. A failure names the file and the import that runs up.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Bottom to top. A top-level file (env.ts, runtime.ts) stands for itself, like a folder. */
const FLOORS: ReadonlyArray<{ name: string; folders: readonly string[] }> = [
  { name: "ground", folders: ["runtime", "env", "storage", "keys"] },
  { name: "connections", folders: ["db"] },
  { name: "door rules", folders: ["http", "security"] },
  {
    name: "records",
    folders: ["entries", "media", "config", "safety-plan", "checkins", "templates", "reminders", "memory"],
  },
  { name: "composites", folders: ["backup", "crypto", "ai", "reviews", "data"] },
  { name: "start", folders: ["boot"] },
];

/** Code outside src/server that server code may import: the pure layers and the generated client. */
const ALLOWED_OUTSIDE = /^(@\/(domain|contracts|generated)\/|(\.\.\/)+(domain|contracts|generated)\/)/u;

const SERVER = path.resolve(import.meta.dirname, "../../src/server");

interface Arrow {
  file: string;
  spec: string;
  from: string;
  to: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/u.test(e.name) ? [p] : [];
  });
}

/** The module names of every import, export-from and dynamic import of a source text (comments skipped). */
export function importsOf(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//gu, "").replace(/^\s*\/\/.*$/gmu, "");
  const specs: string[] = [];
  for (const m of code.matchAll(/(?:^|[;\s])(?:import|export)\s+(?:type\s+)?(?:[^"';]*?\sfrom\s*)?["']([^"']+)["']/gu))
    specs.push(m[1]);
  for (const m of code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/gu)) specs.push(m[1]);
  return specs;
}

/** The folder (or top-level file, without extension) of a path relative to src/server. */
const unitOf = (rel: string) => rel.split(/[\\/]/u)[0].replace(/\.tsx?$/u, "");

/** Where an import of `file` lands, relative to src/server; null when it leaves src/server. */
function target(file: string, spec: string): string | null {
  let abs: string;
  if (spec.startsWith("@/server/")) abs = path.join(SERVER, spec.slice("@/server/".length));
  else if (spec.startsWith(".")) abs = path.resolve(path.dirname(file), spec);
  else return null;
  const rel = path.relative(SERVER, abs);
  return rel.startsWith("..") ? null : rel;
}

/** Every import that crosses from one folder to another, over a set of files (path relative to src/server, text). */
export function arrows(files: ReadonlyArray<{ rel: string; text: string }>): Arrow[] {
  const out: Arrow[] = [];
  for (const { rel, text } of files) {
    const abs = path.join(SERVER, rel);
    for (const spec of importsOf(text)) {
      const to = target(abs, spec);
      if (to === null) continue;
      const a = unitOf(rel);
      const b = unitOf(to);
      if (a !== b) out.push({ file: `src/server/${rel}`, spec, from: a, to: b });
    }
  }
  return out;
}

const rank = new Map(FLOORS.flatMap((f) => f.folders).map((folder, i) => [folder, i]));
const floorOf = (folder: string) => FLOORS.find((f) => f.folders.includes(folder))?.name;

/** The arrows that run up a floor (or to a later folder of the same floor), as readable lines. */
export function upwardArrows(list: readonly Arrow[]): string[] {
  return list
    .filter((a) => (rank.get(a.to) ?? -1) >= (rank.get(a.from) ?? -1))
    .map(
      (a) => `${a.file} imports "${a.spec}": ${a.from} (${floorOf(a.from)}) may not lean on ${a.to} (${floorOf(a.to)})`,
    );
}

/** Groups of folders that import each other, directly or round a circle (Tarjan's strongly connected components). */
export function folderCycles(list: readonly Arrow[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const a of list) (next.get(a.from) ?? next.set(a.from, new Set()).get(a.from)!).add(a.to);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        group.push(w);
      } while (w !== v);
      if (group.length > 1) cycles.push(group.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return cycles.sort((x, y) => x[0].localeCompare(y[0]));
}

const files = sourceFiles(SERVER).map((abs) => ({ rel: path.relative(SERVER, abs), text: readFileSync(abs, "utf8") }));
const all = arrows(files);

describe("the floors of src/server", () => {
  it("every folder and top-level file of src/server stands on a floor", () => {
    const units = [...new Set(files.map((f) => unitOf(f.rel)))].filter((u) => u !== "README");
    expect(units.filter((u) => !rank.has(u))).toEqual([]);
    expect(units.length).toBeGreaterThan(10);
  });

  it("no import runs up a floor", () => {
    expect(all.length).toBeGreaterThan(50); // the check sees the imports it is meant to hold
    expect(upwardArrows(all)).toEqual([]);
  });

  it("no two folders import each other, directly or round a circle", () => {
    expect(folderCycles(all)).toEqual([]);
  });

  it("server code imports from outside src/server only the pure layers and the generated client", () => {
    const wrong = files.flatMap(({ rel, text }) =>
      importsOf(text)
        .filter(
          (s) =>
            (s.startsWith("@/") && !s.startsWith("@/server/")) ||
            (s.startsWith(".") && target(path.join(SERVER, rel), s) === null),
        )
        .filter((s) => !ALLOWED_OUTSIDE.test(s))
        .map((s) => `src/server/${rel} imports "${s}"`),
    );
    expect(wrong).toEqual([]);
  });

  it("the check itself: an import that runs up, or a circle, is reported with its file", () => {
    const fake = [
      {
        rel: "db/client.ts",
        text: 'import { x } from "@/server/backup/service";\nimport type { Y } from "../entries/mapping";',
      },
      { rel: "env.ts", text: 'const m = await import("@/server/boot");\n// import { z } from "@/server/ai/current";' },
      {
        rel: "backup/core.ts",
        text: 'import {\n  openDatabase,\n} from "../db/keyed.ts";\nexport { a } from "./job";',
      },
      { rel: "media/paths.ts", text: 'export * from "@/server/entries/read";' },
      { rel: "entries/trash.ts", text: 'import "@/server/media/paths";' },
    ];
    const list = arrows(fake);
    expect(upwardArrows(list)).toEqual([
      'src/server/db/client.ts imports "@/server/backup/service": db (connections) may not lean on backup (composites)',
      'src/server/db/client.ts imports "../entries/mapping": db (connections) may not lean on entries (records)',
      'src/server/env.ts imports "@/server/boot": env (ground) may not lean on boot (start)',
      'src/server/entries/trash.ts imports "@/server/media/paths": entries (records) may not lean on media (records)',
    ]);
    expect(folderCycles(list)).toEqual([
      ["backup", "db"],
      ["entries", "media"],
    ]);
  });
});
