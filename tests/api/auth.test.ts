import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as login from "@/app/api/auth/login/route";
import * as logout from "@/app/api/auth/logout/route";
import * as status from "@/app/api/auth/status/route";
import { resetThrottle } from "@/server/security/throttle";
import { SESSION_COOKIE, verifySessionValue } from "@/server/security/session";
import { call, expectError } from "../support/http";

const post = (passcode: unknown, ip = "203.0.113.1") =>
  call(login.POST, { method: "POST", path: "/api/auth/login", body: { passcode }, headers: { "x-forwarded-for": ip } });

describe("passcode lock", () => {
  beforeEach(() => {
    process.env.APP_PASSWORD = "correct horse";
    resetThrottle();
  });
  afterEach(() => {
    delete process.env.APP_PASSWORD;
  });

  it("reports whether a passcode is set", async () => {
    expect((await call(status.GET)).body).toEqual({ locked_by_passcode: true });
    delete process.env.APP_PASSWORD;
    expect((await call(status.GET)).body).toEqual({ locked_by_passcode: false });
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
    const r = await call(login.POST, { method: "POST", body: { passcode: "correct horse" }, headers: { "x-forwarded-proto": "https" } });
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
    expectError(await call(login.POST, { method: "POST", rawBody: "{", headers: { "content-type": "application/json" } }), 400, "INVALID_JSON");
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
});
