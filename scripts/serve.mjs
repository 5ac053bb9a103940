/**
 * `npm start`: Next's production server behind the app's early request check, listening where
 * HOSTNAME (or HOST) says. Without either it listens on loopback only (127.0.0.1), so a home install is
 * not open to the network by accident; set HOSTNAME=0.0.0.0 to serve other devices (and set
 * APP_PASSWORD). PORT as usual (default 3000). The three are read from the environment first, then
 * from the .env files Next reads. Extra arguments go to `next start`.
 */
import { existsSync, readFileSync } from "node:fs";
import { parseEnv } from "node:util";
import "./server-guard.mjs";

/** A variable from the environment, else from Next's .env files (in Next's order of precedence). */
function setting(key) {
  const fromEnv = process.env[key]?.trim();
  if (fromEnv) return fromEnv;
  for (const file of [".env.production.local", ".env.local", ".env.production", ".env"]) {
    if (!existsSync(file)) continue;
    const value = parseEnv(readFileSync(file, "utf8"))[key]?.trim();
    if (value) return value;
  }
  return undefined;
}

const host = setting("HOSTNAME") || setting("HOST") || "127.0.0.1";
const port = setting("PORT") || "3000";
// Read by the app to warn when the journal is reachable beyond this machine without a passcode.
process.env.REVERIE_BIND_HOST = host;
process.argv = [process.argv[0], "next", "start", "--hostname", host, "--port", port, ...process.argv.slice(2)];
await import("next/dist/bin/next");
