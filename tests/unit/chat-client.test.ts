import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/client/api";
import { createUIMessageStream, createUIMessageStreamResponse, type UIMessageChunk } from "ai";
import { INTERRUPTED_MESSAGE, streamChat, summarizeConversation, TIMEOUT_MESSAGE } from "@/client/chat";
import type { ChatDataParts, ChatMetadata, ChatUIMessage } from "@/contracts/ai";
import { resolveLanguage } from "@/components/markdown/highlighter";
import { safeUrl } from "@/components/markdown/safe-url";

type Chunk = UIMessageChunk<ChatMetadata, ChatDataParts>;

/** A reply as the server sends it: the AI SDK's UI message stream, made by the SDK itself. */
function replyResponse(chunks: Chunk[]): Response {
  const stream = createUIMessageStream<ChatUIMessage>({
    execute: ({ writer }) => {
      for (const c of chunks) writer.write(c);
    },
  });
  return createUIMessageStreamResponse({ stream });
}

/** The same response cut into network pieces at awkward places (inside a chunk's JSON, inside a character). */
async function cutInto(res: Response, at: number[]): Promise<Response> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  const ends = [...at, bytes.length];
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      let from = 0;
      for (const end of ends) {
        c.enqueue(bytes.slice(from, end));
        from = end;
      }
      c.close();
    },
  });
  return new Response(body, { status: 200, headers: res.headers });
}

const text = (...deltas: string[]): Chunk[] => [
  { type: "text-start", id: "t" },
  ...deltas.map((delta): Chunk => ({ type: "text-delta", id: "t", delta })),
  { type: "text-end", id: "t" },
];
const start = (model: string): Chunk => ({ type: "start", messageMetadata: { model } });
const finish = (model?: string): Chunk => ({
  type: "finish",
  finishReason: "stop",
  ...(model ? { messageMetadata: { model } } : {}),
});

describe("streamChat", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends the message with the history and the zone, and shows the reply as it grows", async () => {
    const res = replyResponse([
      start("m"),
      ...text("Hel", "lo ", "you"),
      { type: "data-context", data: [{ id: "e1", title: "T", created_at: null }] },
      finish(),
    ]);
    const fetchMock = vi.fn(async () => cutInto(res, [17, 40, 95]));
    vi.stubGlobal("fetch", fetchMock);
    const shown: string[] = [];
    const r = await streamChat({
      message: "Hi",
      history: [{ role: "user", content: "before" }],
      onText: (soFar) => shown.push(soFar),
    });
    expect(r).toEqual({ response: "Hello you", model: "m", context: [{ id: "e1", title: "T", created_at: null }] });
    expect(shown).toEqual(["Hel", "Hello ", "Hello you"]);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/ai/chat");
    const body = JSON.parse(String(init.body));
    expect(body).toMatchObject({
      message: "Hi",
      conversation_history: [{ role: "user", content: "before" }],
      context_entries: [],
      stream: true,
    });
    expect(typeof body.tz).toBe("string");
  });

  it("sends the country, and reads the support card and a replacement that takes the place of the streamed text", async () => {
    const fetchMock = vi.fn(async () =>
      replyResponse([
        start("gemini/m"),
        ...text("Some "),
        { type: "data-replacement", data: { text: "Are you safe right now?" } },
        { type: "data-support", data: { kind: "replaced", country: "GB" } },
        finish("reverie/safety"),
      ]),
    );
    vi.stubGlobal("fetch", fetchMock);
    const shown: string[] = [];
    const r = await streamChat({ message: "Hi", history: [], country: "GB", onText: (soFar) => shown.push(soFar) });
    expect(r).toEqual({
      response: "Are you safe right now?",
      model: "reverie/safety",
      context: [],
      support: { kind: "replaced", country: "GB" },
    });
    // What was streamed is replaced on screen by the reply that took its place.
    expect(shown).toEqual(["Some ", "Are you safe right now?"]);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body)).country).toBe("GB");
  });

  it("without a country, none is sent", async () => {
    const fetchMock = vi.fn(async () => replyResponse([start("m"), ...text("ok"), finish()]));
    vi.stubGlobal("fetch", fetchMock);
    const r = await streamChat({ message: "Hi", history: [] });
    expect(r).toEqual({ response: "ok", model: "m", context: [] });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).not.toHaveProperty("country");
  });

  it("a character split between two network pieces arrives whole", async () => {
    const res = replyResponse([start("m"), ...text("café ☕"), finish()]);
    const bytes = new Uint8Array(await res.clone().arrayBuffer());
    const cut = bytes.indexOf(0xc3) + 1;
    vi.stubGlobal("fetch", async () => cutInto(res, [cut]));
    const shown: string[] = [];
    const r = await streamChat({ message: "Hi", history: [], onText: (t) => shown.push(t) });
    expect(shown).toEqual(["café ☕"]);
    expect(r).toEqual({ response: "café ☕", model: "m", context: [] });
  });

  it("an error in the one error shape becomes an ApiError with the server's message and code", async () => {
    vi.stubGlobal("fetch", async () =>
      replyResponse([
        start("m"),
        ...text("I "),
        { type: "data-error", data: { error: { message: "model overloaded", code: "MODEL_FAILED" } } },
        { type: "error", errorText: "model overloaded" },
      ]),
    );
    const err = await streamChat({ message: "Hi", history: [] }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ message: "model overloaded", code: "MODEL_FAILED" });
  });

  it("a stream that ends without finish is an interrupted reply", async () => {
    vi.stubGlobal("fetch", async () => replyResponse([start("m"), ...text("I ")]));
    await expect(streamChat({ message: "Hi", history: [] })).rejects.toMatchObject({
      message: INTERRUPTED_MESSAGE,
      code: "STREAM_INTERRUPTED",
    });
  });

  it("a silence longer than the limit in the middle of a reply is a timeout", async () => {
    vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
      const enc = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(enc.encode(`data: ${JSON.stringify(start("m"))}\n\n`));
          init.signal?.addEventListener("abort", () => c.error(new DOMException("aborted", "AbortError")));
        },
      });
      return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
    });
    await expect(streamChat({ message: "Hi", history: [], timeoutMs: 50 })).rejects.toMatchObject({
      message: TIMEOUT_MESSAGE,
      code: "TIMEOUT",
    });
  });

  it("a JSON error before the reply starts keeps status, message and code", async () => {
    vi.stubGlobal(
      "fetch",
      async () =>
        new Response(JSON.stringify({ error: { message: "GEMINI key missing", code: "MODEL_NOT_CONFIGURED" } }), {
          status: 424,
        }),
    );
    await expect(streamChat({ message: "Hi", history: [] })).rejects.toMatchObject({
      status: 424,
      code: "MODEL_NOT_CONFIGURED",
      message: "GEMINI key missing",
    });
  });

  it("no answer at all is the network error", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(streamChat({ message: "Hi", history: [] })).rejects.toMatchObject({
      message: "Network error. Please check your connection.",
      code: "NETWORK_ERROR",
    });
  });
});

describe("summarizeConversation", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("an answer without success is an error", async () => {
    vi.stubGlobal(
      "fetch",
      async () => new Response(JSON.stringify({ success: false, error: "nope" }), { status: 200 }),
    );
    await expect(summarizeConversation([{ role: "user", content: "Hi" }])).rejects.toMatchObject({ message: "nope" });
    vi.stubGlobal(
      "fetch",
      async () =>
        new Response(JSON.stringify({ summary: { title: "t", content: "c", mood_score: 5, tags: [] } }), {
          status: 200,
        }),
    );
    await expect(summarizeConversation([{ role: "user", content: "Hi" }])).rejects.toBeInstanceOf(ApiError);
  });

  it("a successful answer gives the summary", async () => {
    const summary = { title: "t", content: "c", mood_score: 8, tags: ["x"] };
    vi.stubGlobal(
      "fetch",
      async () => new Response(JSON.stringify({ success: true, model: "m", summary }), { status: 200 }),
    );
    await expect(summarizeConversation([{ role: "user", content: "Hi" }])).resolves.toEqual(summary);
  });
});

describe("addresses allowed in rendered markdown", () => {
  it.each([
    "https://example.com",
    "http://x.test/a?b#c",
    "mailto:me@example.com",
    "xmpp:me@example.com",
    "irc://irc.example.com/r",
    "ircs://irc.example.com/r",
    "HTTPS://EXAMPLE.COM",
  ])("%s is kept", (u) => expect(safeUrl(u)).toBe(u));
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
  it.each(["", null, "brainfuck", "constructor", "__proto__", "toString"])("%j is shown as plain text", (fence) =>
    expect(resolveLanguage(fence)).toBeNull(),
  );
});
