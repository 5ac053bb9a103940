// Lists the build's static files (scripts, styles, fonts, images under .next/static) in
// .next/static/offline-manifest.json, so that the service worker can keep every one of them when it
// installs: then every screen, and every part of a screen that loads later (dialogs, toasts, the
// outbox), opens offline, even on a device that visited only the home page before losing its connection.
import { readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", ".next", "static");
const NAME = "offline-manifest.json";

function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...walk(full));
    else if (name !== NAME && !name.endsWith(".map")) out.push(full);
  }
  return out;
}

const files = walk(root)
  .map((f) => `/_next/static/${path.relative(root, f).split(path.sep).join("/")}`)
  .sort();
const bytes = walk(root).reduce((n, f) => n + statSync(f).size, 0);
writeFileSync(path.join(root, NAME), JSON.stringify({ files }));
console.log(`offline manifest: ${files.length} static files, ${(bytes / 1024 / 1024).toFixed(1)} MB`);
