/** The session epoch is kept beside the database wherever the storage layout puts it. */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SESSION_EPOCH_FILE, sessionEpochFile } from "@/server/security/session";
import { storageLayout } from "@/server/storage/paths";

describe("the session epoch file", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("follows DATA_DIR, as the database does, when DATABASE_URL is unset", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "reverie-epoch-"));
    vi.stubEnv("DATABASE_URL", "");
    vi.stubEnv("DATA_DIR", dir);
    vi.stubEnv("MOUNTS_FILE", path.join(dir, "no-mounts"));
    expect(storageLayout().dbFile).toBe(path.join(dir, "journal.db"));
    expect(sessionEpochFile()).toBe(path.join(dir, SESSION_EPOCH_FILE));
  });

  it("sits beside the file DATABASE_URL names", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "reverie-epoch-"));
    vi.stubEnv("DATABASE_URL", `file:${path.join(dir, "j.db")}`);
    expect(sessionEpochFile()).toBe(path.join(dir, SESSION_EPOCH_FILE));
  });
});
