import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as login from "@/app/api/auth/login/route";
import * as logout from "@/app/api/auth/logout/route";
import * as status from "@/app/api/auth/status/route";
import { CLIENT_ADDRESS_HEADER } from "@/server/security/client";
import {
  GLOBAL_FAILURES_PER_MINUTE,
  MAX_TRACKED_ADDRESSES,
  recordFailure,
  resetThrottle,
  throttleSize,
} from "@/server/security/throttle";
import { SESSION_COOKIE, verifySessionValue } from "@/server/security/session";
import { call, expectError } from "../support/http";

// The server writes the socket's address into CLIENT_ADDRESS_HEADER before a handler runs.
const post = (passcode: unknown, ip = "203.0.113.1", headers: Record<string, string> = {}) =>
  call(login.POST, {
    method: "POST",
    path: "/api/auth/login",
    body: { passcode },
    headers: { [CLIENT_ADDRESS_HEADER]: ip, ...headers },
  });
const cookieValue = (r: { res: Response }) => r.res.headers.get("set-cookie")!.split(";")[0]!.split("=")[1]!;

describe("passcode lock", () => {
  beforeEach(() => {
    process.env.APP_PASSWORD = "correct horse";
    resetThrottle();
  });
  afterEach(() => {
    delete process.env.APP_PASSWORD;
  });

  it("reports whether a passcode is set, and whether an open journal is reachable from the network", async () => {
    process.env.REVERIE_BIND_HOST = "0.0.0.0";
    try {
      expect((await call(status.GET)).body).toEqual({
        locked_by_passcode: true,
        locked_by_passphrase: false,
        open_to_network: false,
        journal_encrypted: false,
      });
      delete process.env.APP_PASSWORD;
      expect((await call(status.GET)).body).toEqual({
        locked_by_passcode: false,
        locked_by_passphrase: false,
        open_to_network: true,
        journal_encrypted: false,
      });
      process.env.REVERIE_BIND_HOST = "127.0.0.1";
      expect((await call(status.GET)).body).toEqual({
        locked_by_passcode: false,
        locked_by_passphrase: false,
        open_to_network: false,
        journal_encrypted: false,
      });
    } finally {
      delete process.env.REVERIE_BIND_HOST;
    }
  });

  it("gives an HttpOnly, SameSite=Strict session cookie for the right passcode", async () => {
    const r = await post("correct horse");
    expect(r.status).toBe(200);
    const cookie = r.res.headers.get("set-cookie")!;
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=`));
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    expect(cookie).not.toContain("Secure");
    const value = cookie.split(";")[0].split("=")[1];
    expect(await verifySessionValue("correct horse", value)).toBe(true);
  });

  it("marks the cookie Secure behind https", async () => {
    const r = await call(login.POST, {
      method: "POST",
      body: { passcode: "correct horse" },
      headers: { "x-forwarded-proto": "https" },
    });
    expect(r.res.headers.get("set-cookie")).toContain("Secure");
  });

  it("refuses a wrong passcode, then slows down guessing", async () => {
    // Three free tries; the third wrong one starts a delay, so the next try is refused before the
    // passcode is even looked at, right or wrong.
    for (let i = 0; i < 3; i++) expectError(await post("wrong"), 401, "UNAUTHORIZED");
    const throttled = await post("correct horse");
    const err = expectError(throttled, 429, "TOO_MANY_ATTEMPTS");
    expect(err.message).toMatch(/Try again in \d+ second/u);
    expect(throttled.res.headers.get("retry-after")).toMatch(/^\d+$/u);
    // Another client is not affected.
    expect((await post("correct horse", "203.0.113.2")).status).toBe(200);
  });

  it("refuses bad bodies with the one error shape", async () => {
    expectError(await post(""), 400, "VALIDATION_FAILED");
    expectError(await post(42), 400, "VALIDATION_FAILED");
    expectError(
      await call(login.POST, { method: "POST", rawBody: "{", headers: { "content-type": "application/json" } }),
      400,
      "INVALID_JSON",
    );
  });

  it("says there is nothing to unlock when no passcode is set", async () => {
    delete process.env.APP_PASSWORD;
    expectError(await post("anything"), 400, "BAD_REQUEST");
  });

  it("logs out by expiring the cookie", async () => {
    const r = await call(logout.POST, { method: "POST" });
    expect(r.status).toBe(200);
    expect(r.res.headers.get("set-cookie")).toContain("Max-Age=0");
  });

  it("Lock ends every session at once: an old cookie no longer opens the journal (finding 6)", async () => {
    const a = cookieValue(await post("correct horse", "203.0.113.7"));
    const b = cookieValue(await post("correct horse", "203.0.113.8"));
    expect(await verifySessionValue("correct horse", a)).toBe(true);
    expect(await verifySessionValue("correct horse", b)).toBe(true);
    await call(logout.POST, { method: "POST", headers: { cookie: `${SESSION_COOKIE}=${a}` } });
    expect(await verifySessionValue("correct horse", a)).toBe(false);
    expect(await verifySessionValue("correct horse", b)).toBe(false);
    // A new login works again.
    expect(await verifySessionValue("correct horse", cookieValue(await post("correct horse", "203.0.113.7")))).toBe(
      true,
    );
  });

  it("a passcode change ends every session", async () => {
    const a = cookieValue(await post("correct horse", "203.0.113.9"));
    process.env.APP_PASSWORD = "new passcode";
    expect(await verifySessionValue("new passcode", a)).toBe(false);
  });
});

describe("passcode guessing (finding 2)", () => {
  beforeEach(() => {
    process.env.APP_PASSWORD = "correct horse";
    resetThrottle();
  });
  afterEach(() => {
    delete process.env.APP_PASSWORD;
  });

  it("a forged X-Forwarded-For does not make a new client", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await post("wrong", "198.51.100.4", { "x-forwarded-for": `10.9.${i}.1` })).status);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3).every((s) => s === 429)).toBe(true);
  });

  it("without a known address a forged header still does not help", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (
          await call(login.POST, {
            method: "POST",
            body: { passcode: "wrong" },
            headers: { "x-forwarded-for": `10.8.${i}.1`, "x-real-ip": `10.7.${i}.1` },
          })
        ).status,
      );
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  });

  it("caps guesses from many addresses, but the owner's known address still gets in", async () => {
    // The owner unlocked from this address before.
    expect((await post("correct horse", "192.0.2.10")).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < GLOBAL_FAILURES_PER_MINUTE + 10; i++)
      statuses.push((await post("wrong", `198.18.${i >> 8}.${i & 255}`)).status);
    expect(statuses.filter((s) => s === 401).length).toBe(GLOBAL_FAILURES_PER_MINUTE);
    const capped = expectError(await post("wrong", "198.19.0.1"), 429, "TOO_MANY_ATTEMPTS");
    expect(capped.message).toMatch(/on this journal/u);
    expect((await post("correct horse", "192.0.2.10")).status).toBe(200);
  });

  it("another address's wrong tries never make the owner wait", async () => {
    for (let i = 0; i < 6; i++) await post("wrong", "198.51.100.66");
    expect((await post("correct horse", "192.0.2.44")).status).toBe(200);
  });

  it("keeps a bounded map of addresses", () => {
    const now = Date.now();
    for (let i = 0; i < MAX_TRACKED_ADDRESSES + 500; i++) recordFailure(`addr-${i}`, now);
    expect(throttleSize().tracked).toBe(MAX_TRACKED_ADDRESSES);
    expect(throttleSize().recent).toBeLessThanOrEqual(GLOBAL_FAILURES_PER_MINUTE * 4);
  });
});
