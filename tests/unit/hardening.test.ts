import { describe, expect, it } from "vitest";
import { isValidModelId, parseModelName } from "@/domain/models";
import { safeNextPath } from "@/domain/redirect";
import { normalizeTag } from "@/domain/tags";
import { hideAddresses } from "@/server/ai/errors";

describe("redirect after unlocking (finding 8)", () => {
  it("keeps paths of the app", () => {
    expect(safeNextPath("/timeline?tag=work#top")).toBe("/timeline?tag=work#top");
    expect(safeNextPath("/entry/abc")).toBe("/entry/abc");
    expect(safeNextPath(null)).toBe("/");
    expect(safeNextPath("")).toBe("/");
  });

  it("refuses every way a browser would read as another site", () => {
    // The query value as URLSearchParams hands it over (already percent-decoded).
    for (const raw of [
      "/\t/evil.example/",
      "/\n/evil.example/",
      "/\r/evil.example/",
      "/\t\\evil.example/",
      "//evil.example/",
      "/\\evil.example",
      "\\\\evil.example",
      " //evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "/\t\n\\/evil.example",
    ]) {
      const out = safeNextPath(raw);
      expect(out.startsWith("/"), raw).toBe(true);
      expect(out.startsWith("//"), raw).toBe(false);
      expect(new URL(out, "http://app.test").origin, raw).toBe("http://app.test");
      expect(out, raw).not.toContain("evil.example");
    }
  });

  it("reads the decoded query of a real lock or unlock address the way the page does", () => {
    for (const door of ["lock", "unlock"]) {
      for (const q of ["%09", "%0a", "%0d", "%09%5C", "%0A%5C", "%20%09"]) {
        const next = new URL(`http://app.test/${door}?next=%2F${q}%2Fevil.example%2F`).searchParams.get("next");
        expect(new URL(safeNextPath(next), "http://app.test").host, `${door} ${q}`).toBe("app.test");
      }
    }
  });

  it("never leads back to a door: the lock and unlock screens go to the home page", () => {
    for (const raw of ["/lock", "/unlock", "/unlock/", "/unlock?next=%2Ftimeline", "/lock#x", "/./unlock"])
      expect(safeNextPath(raw), raw).toBe("/");
    expect(safeNextPath("/unlocked-days")).toBe("/unlocked-days");
  });
});

describe("model names (finding 10)", () => {
  it("accepts the providers' real names", () => {
    for (const n of [
      "gemini/gemma-3n-e4b-it",
      "gemini/models/gemini-2.5-flash",
      "openai/gpt-4o-mini",
      "openai/ft:gpt-4o:org:abc1",
      "ollama/gemma3n:e4b",
      "ollama/hf.co/user/model:Q4_K_M",
      "local/offline",
    ]) {
      expect(parseModelName(n), n).not.toBeNull();
    }
  });

  it("refuses a name that carries a path, a query or odd characters", () => {
    for (const n of [
      "gemini/../../../../internal/admin?x=",
      "gemini/a/../b",
      "gemini/x?y",
      "gemini/x#y",
      "gemini/x%2F..",
      "gemini/a b",
      "openai/a/b",
      "openai/..",
      "ollama/a/../../b",
      "ollama/x\ny",
      `gemini/${"a".repeat(200)}`,
    ]) {
      expect(parseModelName(n), n).toBeNull();
    }
    expect(isValidModelId("gemini", "gemini-2.5..flash")).toBe(false);
  });
});

describe("tags are cleaned of invisible and control characters (finding 12)", () => {
  it("drops right-to-left overrides and zero-width characters, turns line breaks into spaces", () => {
    expect(normalizeTag("ev\u202Eil")).toBe("evil");
    expect(normalizeTag("a\u200Bb")).toBe("ab");
    expect(normalizeTag("line\r\nbreak")).toBe("line break");
    expect(normalizeTag("para\u2029graph")).toBe("para graph");
  });
});

describe("model errors hide internal addresses (finding 13)", () => {
  it("removes hosts and ports, keeps what went wrong", () => {
    const cases: Array<[string, string[]]> = [
      ["connect ECONNREFUSED 127.0.0.1:11434", ["127.0.0.1", "11434"]],
      ["connect ECONNREFUSED ::1:11434", ["::1", "11434"]],
      ["Cannot connect to API: http://10.1.2.3:8080/api/chat failed", ["10.1.2.3", "8080", "/api/chat"]],
      ["getaddrinfo ENOTFOUND ollama.internal", ["ollama.internal"]],
      ["request to localhost:11434 failed", ["localhost", "11434"]],
      ["fetch failed [fd00::2]:443", ["fd00::2"]],
    ];
    for (const [text, hidden] of cases) {
      const out = hideAddresses(text);
      for (const h of hidden) expect(out, text).not.toContain(h);
      expect(out).toContain("[model server]");
    }
    expect(hideAddresses("connect ECONNREFUSED 127.0.0.1:11434")).toMatch(/^connect ECONNREFUSED/u);
    expect(hideAddresses("The model is overloaded. Try again at 12:30.")).toBe(
      "The model is overloaded. Try again at 12:30.",
    );
  });
});

describe("the client's address for throttling (finding 2)", async () => {
  const { clientAddress, normalizeAddress, trustedProxyHops } = await import("@/server/security/client");
  it("is the socket's address unless proxies are trusted", () => {
    expect(clientAddress("::ffff:127.0.0.1", "6.6.6.6", 0)).toBe("127.0.0.1");
    expect(clientAddress("10.0.0.2", "6.6.6.6, 203.0.113.9", 1)).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.3", "6.6.6.6, 203.0.113.9, 10.0.0.2", 2)).toBe("203.0.113.9");
    // Fewer entries than trusted hops: the socket.
    expect(clientAddress("10.0.0.2", "", 1)).toBe("10.0.0.2");
  });
  it("keys an IPv6 client by its /64", () => {
    expect(normalizeAddress("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(normalizeAddress("2001:db8:1:2:bbbb::9")).toBe("2001:db8:1:2::/64");
    expect(normalizeAddress("::1")).toBe("::1");
  });
  it("reads TRUSTED_PROXY_HOPS as a small whole number", () => {
    expect(trustedProxyHops({})).toBe(0);
    expect(trustedProxyHops({ TRUSTED_PROXY_HOPS: "1" })).toBe(1);
    expect(trustedProxyHops({ TRUSTED_PROXY_HOPS: "-3" })).toBe(0);
    expect(trustedProxyHops({ TRUSTED_PROXY_HOPS: "abc" })).toBe(0);
    expect(trustedProxyHops({ TRUSTED_PROXY_HOPS: "99" })).toBe(10);
    // A Space is only reached through its proxy; an explicit 0 still wins.
    expect(trustedProxyHops({ SPACE_HOST: "me-app.hf.space" })).toBe(1);
    expect(trustedProxyHops({ SPACE_HOST: "me-app.hf.space", TRUSTED_PROXY_HOPS: "0" })).toBe(0);
  });
});

describe("allowed host names (finding 1)", async () => {
  const { hostName, hostPolicy, isAllowedHost } = await import("@/server/security/hosts");
  it("reads Host headers", () => {
    expect(hostName("Example.COM:3000")).toBe("example.com");
    expect(hostName("[::1]:3000")).toBe("::1");
    expect(hostName("a b")).toBeNull();
    expect(hostName("user@evil.example")).toBeNull();
  });
  it("allows loopback and IP literals by default, names only by configuration", () => {
    const none = hostPolicy({});
    for (const h of [
      "localhost",
      "localhost:3000",
      "app.localhost",
      "127.0.0.1:3000",
      "[::1]:7860",
      "10.0.0.5",
      "[fd00::5]:80",
    ])
      expect(isAllowedHost(h, none), h).toBe(true);
    for (const h of ["attacker.example", "127.0.0.1.nip.io", "localhost.evil.example", "", "1.2.3.4.5"])
      expect(isAllowedHost(h, none), h).toBe(false);
    const configured = hostPolicy({
      ALLOWED_HOSTS: "journal.example.com, https://notes.example.org, .home.arpa",
      SPACE_HOST: "me-app.hf.space",
    });
    for (const h of ["journal.example.com", "notes.example.org:443", "nas.home.arpa", "me-app.hf.space"])
      expect(isAllowedHost(h, configured), h).toBe(true);
    expect(isAllowedHost("home.arpa.evil.example", configured)).toBe(false);
  });
});

describe("warning about an open journal on the network (finding 13)", async () => {
  const { bindHost, openWithoutPasscode, reachableBeyondLoopback } = await import("@/server/security/exposure");
  it("knows where the server listens", () => {
    expect(bindHost({ REVERIE_BIND_HOST: "0.0.0.0" }, [])).toBe("0.0.0.0");
    expect(bindHost({}, ["node", "next", "start", "-H", "127.0.0.1"])).toBe("127.0.0.1");
    expect(bindHost({}, ["node", "next", "start"])).toBeNull();
    expect(bindHost({ __NEXT_PRIVATE_STANDALONE_CONFIG: "{}", HOSTNAME: "0.0.0.0" }, ["node", "server.js"])).toBe(
      "0.0.0.0",
    );
  });
  it("warns only without a passcode and beyond loopback", () => {
    expect(reachableBeyondLoopback("127.0.0.1")).toBe(false);
    expect(reachableBeyondLoopback("localhost")).toBe(false);
    expect(reachableBeyondLoopback("[::1]")).toBe(false);
    expect(reachableBeyondLoopback("0.0.0.0")).toBe(true);
    expect(reachableBeyondLoopback(null)).toBe(true);
    expect(openWithoutPasscode({}, "0.0.0.0")).toBe(true);
    expect(openWithoutPasscode({ APP_PASSWORD: "x" }, "0.0.0.0")).toBe(false);
    expect(openWithoutPasscode({}, "127.0.0.1")).toBe(false);
    // A Space opened on purpose has its own banner; one waiting for its passcode serves nothing.
    expect(openWithoutPasscode({ SPACE_ID: "a/b", ALLOW_OPEN_JOURNAL: "1" }, "0.0.0.0")).toBe(false);
    expect(openWithoutPasscode({ SPACE_ID: "a/b" }, "0.0.0.0")).toBe(false);
  });
});
