import { existsSync, mkdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/support/chromium.ts";

/**
 * Browser tests run against a real `next start` of the production build, a real SQLite file in a
 * fresh temporary folder, and the fake model server on 127.0.0.1. Ports can be moved with
 * E2E_PORT / FAKE_MODEL_PORT so that several runs can share a machine.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const fakePort = Number(process.env.FAKE_MODEL_PORT ?? 4010);
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `reverie-e2e-${port}`);
if (!process.env.E2E_DATA_DIR) {
  // The config is evaluated by the runner and by each worker; only the runner starts clean.
  if (!process.env.TEST_WORKER_INDEX) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  process.env.E2E_DATA_DIR = dataDir;
}
const fakeUrl = `http://127.0.0.1:${fakePort}`;
const fakeServer = path.join(import.meta.dirname, "tests/support/fake-model-server.ts");

export const e2eEnv = {
  DATABASE_URL: `file:${path.join(dataDir, "journal.db")}`,
  UPLOAD_DIR: path.join(dataDir, "uploads"),
  NEXT_TELEMETRY_DISABLED: "1",
  GEMINI_BASE_URL: `${fakeUrl}/v1beta`,
  OPENAI_BASE_URL: `${fakeUrl}/v1`,
  OLLAMA_BASE_URL: `${fakeUrl}`,
  GOOGLE_GENERATIVE_AI_API_KEY: "test-gemini-key",
  OPENAI_API_KEY: "test-openai-key",
  DEFAULT_AI_MODEL: "gemini/gemma-3n-e4b-it",
  REVERIE_E2E: "1",
  PORT: String(port),
};

const chromiumArgs = [...CHROMIUM_ARGS, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream"];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  // One more try, so that one slow moment of a shared machine does not fail the run; a test that passes
  // only on its second try is reported as flaky by name (scripts/e2e.mjs) and is to be mended.
  retries: 1,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // Per port: lanes running side by side (scripts/e2e.mjs) each clean only their own folder.
  outputDir: `test-results/e2e-${port}`,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    timezoneId: "America/New_York",
    locale: "en-US",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: { executablePath: CHROMIUM_PATH, args: chromiumArgs },
      },
    },
  ],
  webServer: [
    ...(existsSync(fakeServer)
      ? [
          {
            command: `node ${fakeServer} --port ${fakePort}`,
            url: `${fakeUrl}/__health`,
            reuseExistingServer: false,
            timeout: 30_000,
            stdout: "ignore" as const,
            stderr: "pipe" as const,
          },
        ]
      : []),
    {
      // As `npm start` runs it: behind the early request check, on loopback.
      command: `HOSTNAME=127.0.0.1 PORT=${port} node scripts/serve.mjs`,
      url: `http://127.0.0.1:${port}/api/config`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: e2eEnv,
      stdout: "pipe",
      stderr: "pipe",
    },
  ],
});
