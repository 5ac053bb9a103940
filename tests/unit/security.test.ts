import { describe, expect, it } from "vitest";
import { buildCsp, isCrossOriginWrite } from "@/server/security/csp";
import { hostPolicy } from "@/server/security/hosts";
import { SESSION_TTL_MS, createSessionValue, safeEqual, verifySessionValue } from "@/server/security/session";

const h = (o: Record<string, string>) => new Headers(o);

describe("content security policy", () => {
  const csp = buildCsp("abc123==");
  it("allows scripts only from the app with the nonce", () => {
    expect(csp).toContain("script-src 'self' 'nonce-abc123==' 'strict-dynamic'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/u);
  });
  it("names no other origin anywhere", () => {
    expect(csp).not.toMatch(/https?:/u);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });
});

describe("cross-origin writes", () => {
  const url = "http://localhost:3000/api/entries";
  it("lets reads through whatever their origin", () => {
    expect(isCrossOriginWrite("GET", h({ origin: "http://evil.example" }), url)).toBe(false);
  });
  it("refuses a write from another origin", () => {
    expect(isCrossOriginWrite("POST", h({ origin: "http://evil.example", host: "localhost:3000" }), url)).toBe(true);
    expect(isCrossOriginWrite("DELETE", h({ origin: "null" }), url)).toBe(true);
    expect(isCrossOriginWrite("PUT", h({ "sec-fetch-site": "cross-site" }), url)).toBe(true);
  });
  it("accepts a write from the app's own origin, also behind a proxy", () => {
    expect(isCrossOriginWrite("POST", h({ origin: "http://localhost:3000", host: "localhost:3000" }), url)).toBe(false);
    const space = hostPolicy({ SPACE_HOST: "me.hf.space" });
    expect(
      isCrossOriginWrite(
        "POST",
        h({ origin: "https://me.hf.space", host: "10.0.0.5:7860", "x-forwarded-host": "me.hf.space" }),
        url,
        space,
      ),
    ).toBe(false);
    // The same request on a journal that does not know the name is refused (DNS rebinding).
    expect(
      isCrossOriginWrite(
        "POST",
        h({ origin: "https://me.hf.space", host: "10.0.0.5:7860", "x-forwarded-host": "me.hf.space" }),
        url,
        hostPolicy({}),
      ),
    ).toBe(true);
    expect(
      isCrossOriginWrite(
        "POST",
        h({ origin: "http://attacker.example:3000", host: "attacker.example:3000" }),
        url,
        hostPolicy({}),
      ),
    ).toBe(true);
  });
  it("accepts a write with no browser headers (a script on the server)", () => {
    expect(isCrossOriginWrite("POST", h({}), url)).toBe(false);
  });
});

describe("session cookie", () => {
  it("verifies a value it made and refuses tampering, expiry and another secret", async () => {
    const now = Date.UTC(2026, 0, 1);
    const v = await createSessionValue("s3cret", now);
    expect(await verifySessionValue("s3cret", v, now + 1000)).toBe(true);
    expect(await verifySessionValue("other", v, now + 1000)).toBe(false);
    expect(await verifySessionValue("s3cret", v, now + SESSION_TTL_MS + 1)).toBe(false);
    const [exp, epoch, sig] = v.split(".");
    expect(await verifySessionValue("s3cret", `${Number(exp) + 1000}.${epoch}.${sig}`, now)).toBe(false);
    expect(await verifySessionValue("s3cret", "garbage", now)).toBe(false);
    expect(await verifySessionValue("s3cret", undefined, now)).toBe(false);
  });
  it("compares strings of any length", async () => {
    expect(await safeEqual("a", "a")).toBe(true);
    expect(await safeEqual("a", "ab")).toBe(false);
  });
});
