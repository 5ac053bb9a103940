import path from "node:path";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as logout from "@/app/api/auth/logout/route";
import * as authStatus from "@/app/api/auth/status/route";
import * as enable from "@/app/api/encryption/enable/route";
import * as passphraseRoute from "@/app/api/encryption/passphrase/route";
import * as unlock from "@/app/api/encryption/unlock/route";
import { proxy } from "@/proxy";
import { stopBackups } from "@/server/backup/service";
import { UNLOCK_COOKIE_NAME } from "@/server/security/encryption-lock";
import { setKey } from "@/server/keys/state";
import { closeDb } from "@/server/db/client";
import { resetThrottle } from "@/server/security/throttle";
import { testDataDir } from "../support/api-setup";
import { call } from "../support/http";

/**
 * An encrypted journal without APP_PASSWORD: the passphrase is the lock, and each browser holds an unlock
 * cookie. Lock, a passphrase change and a sealed restart must each end the sessions already open, even
 * those whose cookie the proxy has already seen (and remembered as verified).
 */
const PASS = "lanterns over the quiet bay";
const NEXT_PASS = "a different sentence entirely";
const dbFile = path.join(testDataDir, "journal.db");

function unlockCookieOf(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith(`${UNLOCK_COOKIE_NAME}=`));
  expect(set, "an unlock cookie is set").toBeDefined();
  return set!.split(";")[0]!;
}

/** The status the proxy gives a request for the entries with this cookie (200: let through to the app). */
async function through(cookie: string): Promise<number> {
  const res = await proxy(new NextRequest("http://127.0.0.1:3000/api/entries", { headers: { cookie } }));
  return res.status;
}

/** Signs a browser in with the passphrase (the journal is open already). */
async function signIn(passphrase = PASS): Promise<string> {
  const r = await call(unlock.POST, { method: "POST", path: "/api/encryption/unlock", body: { passphrase } });
  expect(r.status).toBe(200);
  return unlockCookieOf(r.res);
}

beforeAll(async () => {
  stopBackups();
  delete process.env.APP_PASSWORD;
  const r = await call(enable.POST, {
    method: "POST",
    path: "/api/encryption/enable",
    body: { passphrase: PASS, understood: true },
  });
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({ state: "unlocked", passphrase_is_lock: true });
});

beforeEach(() => resetThrottle());

afterAll(async () => {
  setKey(dbFile, null);
  await closeDb();
});

describe("the passphrase as the lock: sessions end", () => {
  it("says the passphrase is the lock, so that the app shows Lock", async () => {
    expect((await call(authStatus.GET, { path: "/api/auth/status" })).body).toMatchObject({
      locked_by_passcode: false,
      locked_by_passphrase: true,
      journal_encrypted: true,
    });
    process.env.APP_PASSWORD = "a passcode";
    try {
      expect((await call(authStatus.GET, { path: "/api/auth/status" })).body).toMatchObject({
        locked_by_passcode: true,
        locked_by_passphrase: false,
      });
    } finally {
      delete process.env.APP_PASSWORD;
    }
  });

  it("Lock ends every session, those already used included, and clears this browser's unlock cookie", async () => {
    const a = await signIn();
    const b = await signIn();
    // Used once before Lock: the proxy has verified (and remembers) both.
    expect(await through(a)).toBe(200);
    expect(await through(b)).toBe(200);
    expect(await through("")).toBe(401);

    const r = await call(logout.POST, { method: "POST", path: "/api/auth/logout", headers: { cookie: a } });
    expect(r.status).toBe(200);
    const cleared = r.res.headers.getSetCookie().find((c) => c.startsWith(`${UNLOCK_COOKIE_NAME}=;`));
    expect(cleared).toContain("Max-Age=0");

    expect(await through(a)).toBe(401);
    expect(await through(b)).toBe(401);
    // The passphrase signs a browser in again.
    expect(await through(await signIn())).toBe(200);
  });

  it("a passphrase change ends every other session; the browser that changed it stays in", async () => {
    const a = await signIn();
    const b = await signIn();
    expect(await through(a)).toBe(200);
    expect(await through(b)).toBe(200);

    const r = await call(passphraseRoute.POST, {
      method: "POST",
      path: "/api/encryption/passphrase",
      body: { current: PASS, next: NEXT_PASS },
      headers: { cookie: b },
    });
    expect(r.status).toBe(200);
    const fresh = unlockCookieOf(r.res);

    expect(await through(a)).toBe(401);
    expect(await through(b)).toBe(401);
    expect(await through(fresh)).toBe(200);
    // The old passphrase no longer signs anyone in; the new one does.
    expect(
      (await call(unlock.POST, { method: "POST", path: "/api/encryption/unlock", body: { passphrase: PASS } })).status,
    ).toBe(401);
    expect(await through(await signIn(NEXT_PASS))).toBe(200);
  });

  it("a cookie from before a sealed restart does not open the journal once the owner unlocks it again", async () => {
    const a = await signIn(NEXT_PASS);
    expect(await through(a)).toBe(200);

    // As after a restart without JOURNAL_PASSPHRASE: the key is gone from memory, the journal is sealed.
    await closeDb();
    setKey(dbFile, null);
    expect(await through(a)).toBe(503);

    const r = await call(unlock.POST, {
      method: "POST",
      path: "/api/encryption/unlock",
      body: { passphrase: NEXT_PASS },
    });
    expect(r.status).toBe(200);
    expect(r.body.state).toBe("unlocked");
    const owner = unlockCookieOf(r.res);

    expect(await through(a)).toBe(401);
    expect(await through(owner)).toBe(200);
  });
});
