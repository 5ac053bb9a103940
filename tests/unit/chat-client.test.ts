import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/client/api";
import { INTERRUPTED_MESSAGE, parseSseChunk, streamChat, summarizeConversation } from "@/client/chat";
import { resolveLanguage } from "@/components/markdown/highlighter";
import { safeUrl } from "@/components/markdown/safe-url";

describe("server-sent events", () => {
  it("splits complete events and keeps the unfinished rest", () => {
    const { events, rest } = parseSseChunk('event: token\ndata: {"text":"Hi"}\n\nevent: token\ndata: {"te');
    expect(events).toEqual([{ event: "token", data: '{"text":"Hi"}' }]);
    expect(rest).toBe('event: token\ndata: {"te');
  });

  it("reads CRLF, comments, multi-line data and events without a name", () => {
    const { events, rest } = parseSseChunk(": keep-alive\r\n\r\ndata: a\r\ndata: b\r\n\r\nevent:done\ndata:{}\n\n");
    expect(events).toEqual([
      { event: "message", data: "a\nb" },
      { event: "done", data: "{}" },
    ]);
    expect(rest).toBe("");
  });
});

const sse = (...events: [string, unknown][]) => events.map(([e, d]) => `event: ${e}\ndata: ${JSON.stringify(d)}\n\n`).join("");

function streamResponse(pieces: (string | Uint8Array)[], init: ResponseInit = {}) {
  const enc = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (const p of pieces) c.enqueue(typeof p === "string" ? enc.encode(p) : p);
      c.close();
    },
  });
  return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" }, ...init });
}

describe("streamChat", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends the message with the history and the zone, and hands out tokens in order", async () => {
    const all = sse(["token", { text: "Hel" }], ["token", { text: "lo " }], ["token", { text: "you" }], [
      "done",
      { response: "Hello you", model: "m", context: [{ id: "e1", title: "T", created_at: null }] },
    ]);
    // Cut the stream at awkward places: inside an event name and inside its data.
    const fetchMock = vi.fn(async () => streamResponse([all.slice(0, 17), all.slice(17, 40), all.slice(40)]));
    vi.stubGlobal("fetch", fetchMock);
    const tokens: string[] = [];
    const r = await streamChat({ message: "Hi", history: [{ role: "user", content: "before" }], onToken: (_t, soFar) => tokens.push(soFar) });
    expect(r).toEqual({ response: "Hello you", model: "m", context: [{ id: "e1", title: "T", created_at: null }] });
    expect(tokens).toEqual(["Hel", "Hello ", "Hello you"]);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/ai/chat");
    const body = JSON.parse(String(init.body));
    expect(body).toMatchObject({ message: "Hi", conversation_history: [{ role: "user", content: "before" }], context_entries: [], stream: true });
    expect(typeof body.tz).toBe("string");
  });

  it("sends the country, and reads the support event and a reply that replaced the streamed text", async () => {
    const fetchMock = vi.fn(async () =>
      streamResponse([
        sse(
          ["token", { text: "Some " }],
          ["support", { kind: "replaced", country: "GB" }],
          ["done", { response: "Are you safe right now?", model: "reverie/safety", support: { kind: "replaced", country: "GB" }, replaced: true }],
        ),
      ]),
    );
    vi.stubGlobal("fetch", fetchMock);
    const shown: string[] = [];
    const r = await streamChat({ message: "Hi", history: [], country: "GB", onToken: (_t, soFar) => shown.push(soFar) });
    expect(r).toEqual({ response: "Are you safe right now?", model: "reverie/safety", context: [], support: { kind: "replaced", country: "GB" } });
    // What was streamed is replaced on screen by the reply that took its place.
    expect(shown).toEqual(["Some ", "Are you safe right now?"]);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body)).country).toBe("GB");
  });

  it("without a country, none is sent", async () => {
    const fetchMock = vi.fn(async () => streamResponse([sse(["done", { response: "ok", model: "m" }])]));
    vi.stubGlobal("fetch", fetchMock);
    const r = await streamChat({ message: "Hi", history: [] });
    expect(r.support).toBeUndefined();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).not.toHaveProperty("country");
  });

  it("a character split between two network chunks arrives whole", async () => {
    const bytes = new TextEncoder().encode(sse(["token", { text: "café ☕" }], ["done", { response: "café ☕", model: "m" }]));
    const cut = bytes.indexOf(0xc3) + 1;
    vi.stubGlobal("fetch", async () => streamResponse([bytes.slice(0, cut), bytes.slice(cut)]));
    const tokens: string[] = [];
    const r = await streamChat({ message: "Hi", history: [], onToken: (t) => tokens.push(t) });
    expect(tokens).toEqual(["café ☕"]);
    expect(r).toEqual({ response: "café ☕", model: "m", context: [] });
  });

  it("an error event becomes an ApiError with the server's message and code", async () => {
    vi.stubGlobal("fetch", async () => streamResponse([sse(["token", { text: "I " }], ["error", { error: { message: "model overloaded", code: "MODEL_FAILED" } }])]));
    const err = await streamChat({ message: "Hi", history: [] }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ message: "model overloaded", code: "MODEL_FAILED" });
  });

  it("a stream that ends without done is an interrupted reply", async () => {
    vi.stubGlobal("fetch", async () => streamResponse([sse(["token", { text: "I " }])]));
    await expect(streamChat({ message: "Hi", history: [] })).rejects.toMatchObject({ message: INTERRUPTED_MESSAGE });
  });

  it("a JSON error before the first token keeps status, message and code", async () => {
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ error: { message: "GEMINI key missing", code: "MODEL_NOT_CONFIGURED" } }), { status: 424 }));
    await expect(streamChat({ message: "Hi", history: [] })).rejects.toMatchObject({ status: 424, code: "MODEL_NOT_CONFIGURED", message: "GEMINI key missing" });
  });

  it("no answer at all is the network error", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(streamChat({ message: "Hi", history: [] })).rejects.toMatchObject({ message: "Network error. Please check your connection.", code: "NETWORK_ERROR" });
  });
});

describe("summarizeConversation", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("an answer without success is an error", async () => {
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ success: false, error: "nope" }), { status: 200 }));
    await expect(summarizeConversation([{ role: "user", content: "Hi" }])).rejects.toMatchObject({ message: "nope" });
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ summary: { title: "t", content: "c", mood_score: 5, tags: [] } }), { status: 200 }));
    await expect(summarizeConversation([{ role: "user", content: "Hi" }])).rejects.toBeInstanceOf(ApiError);
  });

  it("a successful answer gives the summary", async () => {
    const summary = { title: "t", content: "c", mood_score: 8, tags: ["x"] };
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ success: true, model: "m", summary }), { status: 200 }));
    await expect(summarizeConversation([{ role: "user", content: "Hi" }])).resolves.toEqual(summary);
  });
});

describe("addresses allowed in rendered markdown", () => {
  it.each(["https://example.com", "http://x.test/a?b#c", "mailto:me@example.com", "xmpp:me@example.com", "irc://irc.example.com/r", "ircs://irc.example.com/r", "HTTPS://EXAMPLE.COM"])(
    "%s is kept",
    (u) => expect(safeUrl(u)).toBe(u),
  );
  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "//evil.example/x",
    "/api/config/reset",
    "entry/123",
    "#top",
    "",
    null,
    undefined,
  ])("%j is refused", (u) => expect(safeUrl(u)).toBeNull());
});

describe("code languages", () => {
  it.each([
    ["ts", "typescript"],
    ["TSX", "tsx"],
    ["js", "javascript"],
    ["py", "python"],
    ["sh", "bash"],
    ["yml", "yaml"],
    ["c++", "cpp"],
  ])("%s is highlighted as %s", (fence, lang) => expect(resolveLanguage(fence)).toBe(lang));
  it.each(["", null, "brainfuck", "constructor", "__proto__", "toString"])("%j is shown as plain text", (fence) => expect(resolveLanguage(fence)).toBeNull());
});
