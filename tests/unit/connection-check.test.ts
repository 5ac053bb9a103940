import { afterEach, describe, expect, it, vi } from "vitest";
import { serverReachable } from "@/client/auth";

/** The connection check reads the server's answer: a closed journal is a server that is there. */
const answer = (status: number, body?: unknown) =>
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status })),
  );

afterEach(() => vi.unstubAllGlobals());

describe("serverReachable", () => {
  it("counts an encrypted journal without its key (503 SEALED) as online", async () => {
    answer(503, { error: { message: "The journal is encrypted and sealed", code: "SEALED" } });
    expect(await serverReachable()).toBe(true);
  });

  it("counts a journal waiting for setup (503 SETUP_REQUIRED) and a locked one (401) as online", async () => {
    answer(503, { error: { message: "Set up first", code: "SETUP_REQUIRED" } });
    expect(await serverReachable()).toBe(true);
    answer(401, { error: { message: "Locked", code: "UNAUTHORIZED" } });
    expect(await serverReachable()).toBe(true);
  });

  it("counts no answer, a busy server and a proxy's bare 502 as offline", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    expect(await serverReachable()).toBe(false);
    answer(503, { error: { message: "Busy", code: "SERVER_BUSY" } });
    expect(await serverReachable()).toBe(false);
    answer(502);
    expect(await serverReachable()).toBe(false);
  });
});
