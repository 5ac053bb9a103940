/**
 * Whether the journal can be reached from beyond this machine without a passcode, for a warning in the
 * log at start and a banner in the app. Pure apart from reading the environment and process.argv.
 */
import "server-only";
import { isLoopbackName } from "./hosts";
import { accessMode } from "./space";
import { env as currentEnv, type Env } from "@/server/env";

/** The checked environment (src/server/env.ts); tests give their own. */
type EnvLike = Partial<Env>;

/**
 * The address the server listens on, when it can be known: `npm start` records it (REVERIE_BIND_HOST),
 * `next start -H <host>` names it on its command line, the standalone server (Docker) reads HOSTNAME.
 * null: Next's default, every interface.
 */
export function bindHost(env: EnvLike = currentEnv(), argv: readonly string[] = process.argv): string | null {
  if (env.REVERIE_BIND_HOST) return env.REVERIE_BIND_HOST;
  const i = argv.findIndex((a) => a === "-H" || a === "--hostname");
  if (i >= 0 && argv[i + 1]) return argv[i + 1]!;
  const eq = argv.find((a) => a.startsWith("--hostname="));
  if (eq) return eq.slice("--hostname=".length);
  if (env.__NEXT_PRIVATE_STANDALONE_CONFIG && env.HOSTNAME) return env.HOSTNAME;
  return null;
}

export function reachableBeyondLoopback(host: string | null = bindHost()): boolean {
  if (!host) return true;
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/gu, "");
  return !isLoopbackName(h);
}

/**
 * Open to the network with nothing to unlock: no passcode, no encryption passphrase acting as the lock.
 * A Space opened on purpose (ALLOW_OPEN_JOURNAL=1) carries its own warning instead, and one waiting for
 * its passcode serves nothing.
 */
export function openWithoutPasscode(env: EnvLike = currentEnv(), host: string | null = bindHost(env)): boolean {
  return accessMode(env) === "open" && reachableBeyondLoopback(host);
}

export const OPEN_JOURNAL_WARNING =
  "This journal has no passcode and can be reached from other devices on the network. Set APP_PASSWORD, or listen on loopback only (HOSTNAME=127.0.0.1).";
