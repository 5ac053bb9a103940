/**
 * node scripts/check-lock.mjs BEFORE.json [AFTER.json]
 * Tells a real change of the lockfile from the registry's platform builds coming and going.
 *
 * `npm install` rewrites package-lock.json when the registry starts (or stops) serving optional
 * platform packages (`@next/swc-darwin-*`, `@tailwindcss/oxide-win32-*`, …): those entries are optional,
 * are never installed on this machine, and say nothing about what the app runs. A real change is one of:
 * an entry present in both whose version, resolved address or integrity differs; a non-optional entry
 * added or removed; the root package's declared dependencies changed. Flags npm recomputes (`peer`,
 * `dev`, `optional`) are not a change. Exit 1 on a real change, listing it; 0 otherwise, listing the
 * platform entries that differ.
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

/** The differences between two lockfiles' `packages`: `real` changes and optional `platform` entries. */
export function lockDrift(before, after) {
  const real = [];
  const platform = [];
  const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  for (const field of ["dependencies", "devDependencies", "optionalDependencies", "peerDependencies", "overrides"]) {
    if (!same(before[""]?.[field], after[""]?.[field])) real.push(`the root package's ${field} changed`);
  }
  for (const [name, entry] of Object.entries(after)) {
    if (name === "") continue;
    const old = before[name];
    if (!old) (entry.optional ? platform : real).push(`+ ${name}@${entry.version}`);
    else
      for (const f of ["version", "resolved", "integrity"])
        if (!same(old[f], entry[f])) real.push(`~ ${name} ${f}: ${old[f]} -> ${entry[f]}`);
  }
  for (const [name, entry] of Object.entries(before)) {
    if (name !== "" && !after[name]) (entry.optional ? platform : real).push(`- ${name}@${entry.version}`);
  }
  return { real, platform };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [beforeFile, afterFile = "package-lock.json"] = process.argv.slice(2);
  if (!beforeFile) {
    console.error("usage: node scripts/check-lock.mjs BEFORE.json [AFTER.json]");
    process.exit(2);
  }
  const read = (f) => JSON.parse(readFileSync(f, "utf8")).packages ?? {};
  const { real, platform } = lockDrift(read(beforeFile), read(afterFile));
  if (platform.length)
    console.log(
      `package-lock.json: ${platform.length} optional platform entr${platform.length === 1 ? "y" : "ies"} added or dropped by the registry (not a change):\n  ${platform.slice(0, 8).join("\n  ")}${platform.length > 8 ? `\n  … and ${platform.length - 8} more` : ""}`,
    );
  if (real.length) {
    console.error(
      `package-lock.json changed during install (${real.length} real change${real.length === 1 ? "" : "s"}): commit an up-to-date lockfile.\n  ${real.slice(0, 40).join("\n  ")}`,
    );
    process.exit(1);
  }
  console.log("package-lock.json: the installed dependency versions are exactly the locked ones.");
}
