import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export interface AppServer {
  url: string;
  dataDir: string;
  /** Everything the server printed so far. */
  output: () => string;
  /** Stops it with SIGTERM (SIGKILL after 5 s) and removes its data folder unless `keepData`. */
  stop: (opts?: { keepData?: boolean }) => Promise<void>;
  /** Kills it at once (no shutdown of any kind), keeping its data folder. */
  kill: () => Promise<void>;
}

/**
 * Starts another production server (as `npm start` runs it: `next start` behind the early request
 * check, on 127.0.0.1) with its own data folder and environment, for journeys that need a differently
 * configured server (a passcode, no keys...).
 */
export async function startAppServer(
  port: number,
  env: Record<string, string> = {},
  opts: { dataDir?: string } = {},
): Promise<AppServer> {
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "reverie-app-"));
  const child: ChildProcess = spawn(process.execPath, ["scripts/serve.mjs"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      DATABASE_URL: `file:${path.join(dataDir, "journal.db")}`,
      UPLOAD_DIR: path.join(dataDir, "uploads"),
      HOSTNAME: "127.0.0.1",
      ...env,
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/auth/status`);
      if (res.ok || res.status === 503) break; // 503: a Space waiting for its passcode (fail closed)
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    output: () => output,
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const done = new Promise((r) => child.once("exit", r));
      child.kill("SIGKILL");
      await done;
    },
    stop: async ({ keepData = false } = {}) => {
      if (child.exitCode === null) {
        const done = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await Promise.race([done, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
