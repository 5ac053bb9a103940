/**
 * Fake model server: a small HTTP server on 127.0.0.1 that speaks the wire protocols of the three model
 * providers, so that the app's real provider code runs against it in API and browser tests.
 *
 *   Gemini  POST /v1beta/models/{model}:generateContent
 *           POST /v1beta/models/{model}:streamGenerateContent?alt=sse      (SSE)
 *   OpenAI  POST /v1/responses                  (Responses API; SSE when "stream": true)
 *           POST /v1/audio/transcriptions       (multipart: a `file` part and a `model` field, else 400;
 *                                                answers { text }; also what TRANSCRIBE_BASE_URL points at)
 *   Ollama  POST /api/chat                      (NDJSON when "stream": true)
 *           GET  /api/tags                      (installed models)
 *
 * Point the app at it with GEMINI_BASE_URL / OPENAI_BASE_URL / OLLAMA_BASE_URL = http://127.0.0.1:<port>.
 *
 * In vitest:  const fake = await startFakeModelServer();  fake.script({...});  fake.requests();  fake.reset();  await fake.close();
 * As a process (browser tests):  node tests/support/fake-model-server.ts --port 4010
 *
 * Control API (same rules as script()):
 *   POST /__script   body: a rule, an array of rules, or { rules: [...] }. A rule is
 *                    { provider?: "gemini"|"openai"|"ollama", task?: "analyze-text"|…, match?: "substring of the prompt",
 *                      path?: "substring of the URL path", times?: number (default 1; 0 or less = every time),
 *                      reply: { text?: string, json?: any, chunks?: string[], transcription?: string,
 *                               error?: { status: number, message?: string, body?: any },
 *                               delayMs?: number, chunkDelayMs?: number,
 *                               streamError?: string (sent as the provider's error event after the chunks),
 *                               dropAfterChunks?: boolean (the connection is cut after the chunks) } }
 *                    Rules are tried in order; the first that matches and has uses left answers.
 *   GET  /__requests the requests received so far: [{ provider, method, path, model, stream, task, prompt, images, body, headers, at }]
 *   POST /__reset    forget rules and requests
 *   GET  /__health   { ok: true }
 *
 * Without a matching rule every task gets a sensible default: the task is read from the marker
 * "(reverie-task: <task>)" in the app's system prompt; structured tasks get valid JSON, chat gets plain text.
 *
 * Only erasable TypeScript and node built-ins are used, so Node 24 runs this file directly.
 */
import http from "node:http";
import { fileURLToPath } from "node:url";

export type FakeProvider = "gemini" | "openai" | "ollama";

export interface FakeReply {
  text?: string;
  json?: unknown;
  chunks?: string[];
  transcription?: string;
  error?: { status: number; message?: string; body?: unknown };
  delayMs?: number;
  chunkDelayMs?: number;
  streamError?: string;
  dropAfterChunks?: boolean;
}

export interface FakeRule {
  provider?: FakeProvider;
  task?: string;
  match?: string;
  path?: string;
  times?: number;
  reply: FakeReply;
}

export interface RecordedRequest {
  provider: FakeProvider | "unknown";
  method: string;
  path: string;
  model?: string;
  stream: boolean;
  task?: string;
  prompt: string;
  images: number;
  body: unknown;
  headers: Record<string, string>;
  at: number;
}

export interface FakeModelServer {
  url: string;
  port: number;
  script(rule: FakeRule | FakeRule[]): void;
  requests(): RecordedRequest[];
  reset(): void;
  close(): Promise<void>;
}

interface LiveRule {
  rule: FakeRule;
  left: number;
}

const TASK_RE = /\(reverie-task: ([a-z-]+)\)/u;

/** Default answers per task, valid for the app's schemas. */
export function defaultReply(task: string | undefined, prompt = ""): FakeReply {
  switch (task) {
    case "write-review": {
      // Cites the first entry the prompt names, as a faithful model would.
      const id = /\[entry ([^\]\s]+)\]/u.exec(prompt)?.[1];
      return {
        json: {
          paragraphs: [{ text: "A steady stretch, with a few bright days.", entry_ids: id ? [id] : [] }],
          questions: ["What would you like to keep from this time?"],
        },
      };
    }
    case "analyze-text":
      return {
        json: {
          mood_score: 7,
          primary_emotion: "content",
          themes: ["daily life", "reflection"],
          summary: "A calm day with a few good moments.",
          suggested_tags: ["reflection", "mood"],
          follow_up_questions: [
            "What made today feel calm?",
            "What would you like more of tomorrow?",
            "Who did you enjoy seeing?",
          ],
        },
      };
    case "analyze-image":
      return {
        json: {
          description: "A sunny park with trees and a bench.",
          mood_indicators: ["calm", "peaceful"],
          suggested_tags: ["nature", "weekend"],
        },
      };
    case "transcribe-audio":
      return { json: { transcription: "Today I went for a walk and felt better.", confidence: 0.92 } };
    case "insights-summary":
      return { json: { summary: "You have been writing regularly, and your mood has been steady with bright spots." } };
    case "growth-insights":
      return {
        json: {
          actionable_outcomes: [
            {
              title: "Evening wind-down",
              description: "Spend ten quiet minutes before bed without screens.",
              timeframe: "This week",
              category: "behavioral",
            },
            {
              title: "Name the feeling",
              description: "When stress rises, write down the feeling in one word.",
              timeframe: "Next 2 weeks",
              category: "emotional",
            },
          ],
          strengths_identified: ["Regular reflection", "Kindness toward others"],
          growth_areas: ["Rest and recovery"],
          growth_summary: "You reflect often and notice your feelings; small routines can help you rest.",
        },
      };
    case "summarize-conversation":
      return {
        json: {
          title: "An evening conversation",
          content: "Today I talked about my day and how I feel about it.",
          mood_score: 6,
          tags: ["chat", "reflection"],
        },
      };
    case "detect-crisis":
      return { json: { crisis_detected: false, severity: "none" } };
    case "propose-memory":
      // A fact the prompt's text states, as a faithful model would; none otherwise.
      return { json: { facts: /\bmy sister Sam\b/iu.test(prompt) ? ["Sam is your older sister"] : [] } };
    case "motivational-support":
      return {
        json: {
          affirmation: "You are stronger than you feel right now.",
          motivational_phrases: ["One step at a time.", "This feeling will pass."],
          evening_suggestions: ["Take a warm shower.", "Write down one good thing."],
          tomorrow_suggestions: ["Go for a short walk.", "Call a friend."],
          gentle_reminder: "You are not alone; you can call or text 988 any time.",
        },
      };
    case "analyze-psychological-image":
      return {
        json: {
          description: "A tidy desk by a window with afternoon light.",
          mood_assessment: "Calm and focused.",
          environmental_context: "A quiet indoor workspace.",
          emotional_indicators: ["order", "warm light"],
          therapeutic_insights: ["A calm space can support focus."],
          psychological_themes: ["focus", "calm"],
          suggested_tags: ["work", "productive"],
          reflection_questions: ["How do you feel when you sit here?", "What helps you focus?"],
        },
      };
    case "ask": {
      // Answers from the first entry the prompt gives, citing it, as a faithful model would.
      const id = /\[entry:([^\]\s]+)\]/u.exec(prompt.split("Journal entries found")[1] ?? "")?.[1];
      return { text: id ? `You wrote about this [entry:${id}].` : "I found nothing about that in your journal." };
    }
    case "chat":
      return { chunks: ["Thank you ", "for sharing ", "that with me. ", "How are you ", "feeling about it now?"] };
    default:
      return { text: "OK" };
  }
}

function replyText(r: FakeReply): string {
  if (r.text !== undefined) return r.text;
  if (r.json !== undefined) return JSON.stringify(r.json);
  if (r.chunks) return r.chunks.join("");
  if (r.transcription !== undefined) return r.transcription;
  return "";
}

function replyChunks(r: FakeReply): string[] {
  if (r.chunks) return r.chunks;
  const text = replyText(r);
  const pieces = text.match(/\S+\s*/gu) ?? [];
  return pieces.length ? pieces : [text];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

function texts(value: unknown, out: string[], images: { n: number }): void {
  if (typeof value === "string") return;
  if (Array.isArray(value)) {
    for (const v of value) texts(v, out, images);
    return;
  }
  if (!value || typeof value !== "object") return;
  const o = value as Record<string, unknown>;
  for (const [k, v] of Object.entries(o)) {
    if ((k === "text" || k === "content" || k === "instructions") && typeof v === "string") out.push(v);
    else if (k === "inlineData" || (k === "type" && (v === "input_image" || v === "input_file"))) images.n++;
    else if (k === "images" && Array.isArray(v)) images.n += v.length;
    else texts(v, out, images);
  }
}

export interface MultipartBody {
  multipart: true;
  bytes: number;
  model?: string;
  response_format?: string;
  /** The `file` part: its file name, declared type and size. */
  file?: { filename: string; type?: string; bytes: number };
  fields: string[];
}

/** Reads a multipart/form-data body: its plain fields and the `file` part (name, type, size). */
function readMultipart(raw: Buffer, contentType: string): MultipartBody | { multipart: false; bytes: number } {
  const boundary = /boundary="?([^";]+)"?/iu.exec(contentType)?.[1];
  if (!/multipart\/form-data/iu.test(contentType) || !boundary) return { multipart: false, bytes: raw.length };
  const out: MultipartBody = { multipart: true, bytes: raw.length, fields: [] };
  const delimiter = Buffer.from(`--${boundary}`);
  let at = raw.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    if (raw.subarray(start, start + 2).toString() === "--") break;
    const next = raw.indexOf(delimiter, start);
    if (next < 0) break;
    const part = raw.subarray(start + 2, next - 2); // after CRLF, before the CRLF that precedes the delimiter
    const headEnd = part.indexOf("\r\n\r\n");
    if (headEnd >= 0) {
      const head = part.subarray(0, headEnd).toString("latin1");
      const content = part.subarray(headEnd + 4);
      const name = /name="([^"]*)"/iu.exec(head)?.[1] ?? "";
      const filename = /filename="([^"]*)"/iu.exec(head)?.[1];
      out.fields.push(name);
      if (name === "file" && filename !== undefined) {
        out.file = {
          filename,
          type: /content-type:\s*([^\r\n]+)/iu.exec(head)?.[1]?.trim(),
          bytes: content.length,
        };
      } else if (name === "model") out.model = content.toString("utf8");
      else if (name === "response_format") out.response_format = content.toString("utf8");
    }
    at = next;
  }
  return out;
}

/** Why a transcription request is not OpenAI's multipart shape, or null when it is. */
function transcriptionProblem(body: unknown): string | null {
  const b = body as Partial<MultipartBody> | undefined;
  if (!b || b.multipart !== true) return "The request must be multipart/form-data.";
  if (!b.file) return "Missing the 'file' part (a file with a file name).";
  if (b.file.bytes === 0) return "The 'file' part is empty.";
  if (!b.model) return "Missing the 'model' field.";
  return null;
}

function googleStatus(status: number): string {
  if (status === 400) return "INVALID_ARGUMENT";
  if (status === 401) return "UNAUTHENTICATED";
  if (status === 403) return "PERMISSION_DENIED";
  if (status === 404) return "NOT_FOUND";
  if (status === 429) return "RESOURCE_EXHAUSTED";
  if (status === 503) return "UNAVAILABLE";
  return "INTERNAL";
}

function errorBody(provider: FakeProvider, status: number, message: string): unknown {
  if (provider === "gemini") return { error: { code: status, message, status: googleStatus(status) } };
  if (provider === "openai")
    return {
      error: {
        message,
        type: status === 401 ? "invalid_request_error" : "server_error",
        param: null,
        code: status === 401 ? "invalid_api_key" : null,
      },
    };
  return { error: message };
}

// ---------------------------------------------------------------- embeddings

/** Dimension of the fake embeddings. */
export const FAKE_EMBEDDING_DIMENSIONS = 256;

/**
 * Words of one meaning share a concept, so that the fake vectors of "swimming" and "lido" are near, as a
 * real embedding model's would be. Other words stand for themselves (crudely stemmed).
 */
const CONCEPTS: string[][] = [
  ["swim", "swam", "swimming", "lido", "pool", "laps", "lengths"],
  ["dog", "puppy", "terrier", "biscuit"],
  ["tooth", "dentist", "dental", "canal", "jaw"],
  ["promot", "promotion", "promoted", "senior", "title"],
  ["grandma", "grandmother", "passed", "die", "died", "losing"],
  ["lisbon", "portugal", "custard", "tarts", "nata", "pastel"],
  ["marathon", "kilometres", "42"],
  ["flu", "fever", "ill", "sick"],
  ["broke", "breakup", "split", "relationship"],
  ["moving", "move", "relocating", "flat", "apartment", "boxes"],
  ["guitar", "instrument", "chords"],
  ["wedding", "marriage"],
  ["burnt", "burned", "exhausted", "burnout"],
  ["therapist", "counsellor", "therapy", "session"],
  ["snow", "snowed", "snowman", "snowy"],
  ["bike", "bicycle", "stole", "stolen", "theft"],
  ["baby", "niece", "aunt", "born"],
  ["camping", "tent", "outdoors"],
  ["driving", "licence", "test", "exam"],
  ["accident", "collision", "crash"],
  ["pottery", "ceramics", "clay", "bowl"],
  ["sleep", "insomnia", "awake", "sleeping"],
  ["concert", "gig", "live", "show", "radiohead"],
  ["planted", "sow", "vegetables", "allotment", "tomatoes", "plot"],
  ["argument", "fight", "row"],
  ["volunteered", "volunteering", "charity", "food", "donations"],
  ["laid", "redundancies", "losing", "jobs"],
  ["paris", "france", "louvre", "break"],
  ["thirty", "30th", "birthday", "party"],
  ["panic", "anxiety", "underground", "tube", "panicking"],
  ["cigarettes", "smoking"],
  ["hiked", "mountain", "summit", "peak", "snowdon", "wales", "climb"],
  ["book", "club", "reading", "group", "novel"],
  ["flooded", "leak", "pipe", "water", "plumber"],
  ["award", "prize", "won", "win", "stage"],
  ["vet", "paw", "thorn", "hurt"],
  ["dad", "father", "proud"],
  ["lonely", "alone", "isolated", "invisible", "nobody"],
  ["baked", "bake", "bread", "sourdough", "loaf"],
  ["interview", "applying", "agency"],
  ["festival", "danced", "dancing"],
  ["operation", "surgery", "knee", "crutches"],
  ["meditating", "mindfulness", "meditate"],
  ["power", "electricity", "candlelight", "candles"],
  ["flight", "airport", "cancelled"],
  ["raise", "salary", "pay", "money"],
  ["date", "climbing", "bouldering", "jordan"],
  ["cooked", "cook", "risotto", "anniversary"],
  ["storm", "gale", "wind", "fence", "tree"],
  ["scuba", "diving", "seal", "underwater"],
];
const CONCEPT_OF = new Map<string, number>();
CONCEPTS.forEach((words, i) => words.forEach((w) => CONCEPT_OF.set(w, i)));

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** A deterministic unit vector: a hashed bag of the text's concepts and (crudely stemmed) words. */
export function fakeEmbedding(text: string, dimensions = FAKE_EMBEDDING_DIMENSIONS): number[] {
  const v = new Array<number>(dimensions).fill(0);
  for (const raw of text.toLowerCase().match(/[a-z0-9]+/gu) ?? []) {
    if (raw.length < 3) continue;
    const concept = CONCEPT_OF.get(raw);
    const key = concept !== undefined ? `concept:${concept}` : raw.replace(/(ing|ed|s)$/u, "");
    v[hash(key) % dimensions] += concept !== undefined ? 2 : 1;
  }
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

/** The embedding endpoints: OpenAI /v1/embeddings, Ollama /api/embed, Gemini :embedContent and :batchEmbedContents. */
function embeddingReply(
  path: string,
  body: unknown,
): { provider: FakeProvider; model?: string; texts: string[]; body: unknown } | null {
  const b = (body ?? {}) as Record<string, unknown>;
  if (path === "/v1/embeddings") {
    const texts = Array.isArray(b.input) ? (b.input as string[]) : [String(b.input ?? "")];
    return {
      provider: "openai",
      model: b.model as string,
      texts,
      body: {
        object: "list",
        data: texts.map((t, index) => ({ object: "embedding", index, embedding: fakeEmbedding(t) })),
        model: b.model,
        usage: { prompt_tokens: texts.length, total_tokens: texts.length },
      },
    };
  }
  if (path === "/api/embed") {
    const texts = Array.isArray(b.input) ? (b.input as string[]) : [String(b.input ?? "")];
    return {
      provider: "ollama",
      model: b.model as string,
      texts,
      body: {
        model: b.model,
        embeddings: texts.map((t) => fakeEmbedding(t)),
        total_duration: 1000,
        load_duration: 100,
        prompt_eval_count: texts.length,
      },
    };
  }
  const gem = /^\/v1beta\/models\/([^:]+):(embedContent|batchEmbedContents)$/u.exec(path);
  if (gem) {
    const textOf = (r: { content?: { parts?: { text?: string }[] } }) =>
      (r.content?.parts ?? []).map((p) => p.text ?? "").join(" ");
    if (gem[2] === "embedContent") {
      const t = textOf(b as never);
      return { provider: "gemini", model: gem[1], texts: [t], body: { embedding: { values: fakeEmbedding(t) } } };
    }
    const texts = ((b.requests ?? []) as never[]).map(textOf);
    return {
      provider: "gemini",
      model: gem[1],
      texts,
      body: { embeddings: texts.map((t) => ({ values: fakeEmbedding(t) })) },
    };
  }
  return null;
}

export async function startFakeModelServer(opts: { port?: number; host?: string } = {}): Promise<FakeModelServer> {
  const host = opts.host ?? "127.0.0.1";
  let rules: LiveRule[] = [];
  let recorded: RecordedRequest[] = [];
  let seq = 0;

  const addRules = (input: unknown): number => {
    const list: unknown[] = Array.isArray(input)
      ? input
      : input && typeof input === "object" && Array.isArray((input as { rules?: unknown }).rules)
        ? (input as { rules: unknown[] }).rules
        : [input];
    for (const r of list) {
      if (!r || typeof r !== "object" || !(r as FakeRule).reply) throw new Error("a rule needs a reply");
      const rule = r as FakeRule;
      rules.push({ rule, left: rule.times === undefined ? 1 : rule.times <= 0 ? Infinity : rule.times });
    }
    return list.length;
  };

  const pick = (rec: RecordedRequest): FakeReply | undefined => {
    for (const live of rules) {
      const r = live.rule;
      if (live.left <= 0) continue;
      if (r.provider && r.provider !== rec.provider) continue;
      if (r.task && r.task !== rec.task) continue;
      if (r.path && !rec.path.includes(r.path)) continue;
      if (r.match && !rec.prompt.toLowerCase().includes(r.match.toLowerCase())) continue;
      live.left--;
      return r.reply;
    }
    return undefined;
  };

  const sendJson = (res: http.ServerResponse, status: number, body: unknown) => {
    const text = typeof body === "string" ? body : JSON.stringify(body);
    res.writeHead(status, { "content-type": typeof body === "string" ? "text/plain" : "application/json" });
    res.end(text);
  };

  const streamOut = async (
    res: http.ServerResponse,
    contentType: string,
    reply: FakeReply,
    frame: (chunk: string, index: number) => string,
    end: (full: string) => string,
    errorFrame: (message: string) => string,
  ) => {
    res.writeHead(200, { "content-type": contentType, "cache-control": "no-cache" });
    const chunks = replyChunks(reply);
    for (let i = 0; i < chunks.length; i++) {
      res.write(frame(chunks[i], i));
      if (reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
    }
    if (reply.dropAfterChunks) {
      // Let the chunks reach the client first, then cut the connection.
      await new Promise<void>((resolve) => res.write("", () => resolve()));
      await sleep(30);
      res.socket?.destroy();
      return;
    }
    if (reply.streamError) {
      res.end(errorFrame(reply.streamError));
      return;
    }
    res.end(end(chunks.join("")));
  };

  const handleModel = async (req: http.IncomingMessage, res: http.ServerResponse, url: URL, raw: Buffer) => {
    const path = url.pathname;
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
    let provider: FakeProvider | "unknown" = "unknown";
    let model: string | undefined;
    let stream = false;
    let body: unknown = undefined;
    const contentType = headers["content-type"] ?? "";
    if (contentType.includes("json")) {
      try {
        body = JSON.parse(raw.toString("utf8"));
      } catch {
        body = raw.toString("utf8");
      }
    } else if (raw.length) {
      body = readMultipart(raw, contentType);
    }
    const embedding = embeddingReply(path, body);
    if (embedding) {
      recorded.push({
        provider: embedding.provider,
        method: req.method ?? "POST",
        path,
        model: embedding.model,
        stream: false,
        task: "embed",
        prompt: embedding.texts.join("\n"),
        images: 0,
        body,
        headers,
        at: Date.now(),
      });
      const rule = pick(recorded[recorded.length - 1]);
      if (rule?.error) {
        sendJson(
          res,
          rule.error.status,
          errorBody(embedding.provider, rule.error.status, rule.error.message ?? "fake error"),
        );
        return;
      }
      sendJson(res, 200, embedding.body);
      return;
    }
    const gem = /^\/v1beta\/models\/([^:]+):(generateContent|streamGenerateContent)$/u.exec(path);
    if (gem) {
      provider = "gemini";
      model = decodeURIComponent(gem[1]);
      stream = gem[2] === "streamGenerateContent";
    } else if (path === "/v1/responses" || path === "/v1/audio/transcriptions") {
      provider = "openai";
      const b = body as { model?: string; stream?: boolean } | undefined;
      model = b?.model;
      stream = b?.stream === true;
    } else if (path === "/api/chat" || path === "/api/tags") {
      provider = "ollama";
      const b = body as { model?: string; stream?: boolean } | undefined;
      model = b?.model;
      stream = b?.stream === true;
    } else {
      sendJson(res, 404, { error: `not found: ${req.method} ${path}` });
      return;
    }
    const parts: string[] = [];
    const images = { n: 0 };
    texts(body, parts, images);
    const prompt = parts.join("\n");
    const task = path === "/v1/audio/transcriptions" ? "transcribe-audio" : TASK_RE.exec(prompt)?.[1];
    const rec: RecordedRequest = {
      provider,
      method: req.method ?? "GET",
      path,
      model,
      stream,
      task,
      prompt,
      images: images.n,
      body,
      headers,
      at: Date.now(),
    };
    recorded.push(rec);

    const scripted = pick(rec);
    const reply = scripted ?? (path === "/api/tags" ? { json: defaultTags() } : defaultReply(task, prompt));
    if (reply.delayMs) {
      await sleep(reply.delayMs);
      // The request itself is already consumed (and so "destroyed"); only a closed response means the client left.
      if (res.destroyed) return;
    }
    if (reply.error) {
      const message = reply.error.message ?? `fake ${provider} error ${reply.error.status}`;
      sendJson(res, reply.error.status, reply.error.body ?? errorBody(provider, reply.error.status, message));
      return;
    }
    const id = `fake-${++seq}`;
    const created = Math.floor(Date.now() / 1000);

    if (path === "/api/tags") {
      sendJson(res, 200, reply.json ?? defaultTags());
      return;
    }
    if (path === "/v1/audio/transcriptions") {
      // OpenAI's shape: multipart with a non-empty `file` part (a file name and its bytes) and a `model` field.
      const problem = transcriptionProblem(body);
      if (problem) {
        sendJson(res, 400, errorBody("openai", 400, problem));
        return;
      }
      // A scripted `json` is sent as it is (an answer that is not the protocol's, for tests of a bad server).
      if (scripted?.json !== undefined) {
        sendJson(res, 200, scripted.json);
        return;
      }
      const text =
        reply.transcription ?? (reply.text !== undefined ? reply.text : "Today I went for a walk and felt better.");
      sendJson(res, 200, { text, language: "english", duration: 2.5 });
      return;
    }
    if (provider === "gemini") {
      if (!stream) {
        sendJson(res, 200, {
          candidates: [
            { content: { parts: [{ text: replyText(reply) }], role: "model" }, finishReason: "STOP", index: 0 },
          ],
          usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
          modelVersion: model,
          responseId: id,
        });
        return;
      }
      const data = (o: unknown) => `data: ${JSON.stringify(o)}\r\n\r\n`;
      await streamOut(
        res,
        "text/event-stream",
        reply,
        (chunk) =>
          data({
            candidates: [{ content: { parts: [{ text: chunk }], role: "model" }, index: 0 }],
            modelVersion: model,
            responseId: id,
          }),
        () =>
          data({
            candidates: [{ content: { parts: [{ text: "" }], role: "model" }, finishReason: "STOP", index: 0 }],
            usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
            modelVersion: model,
            responseId: id,
          }),
        (message) => data({ error: { code: 500, message, status: "INTERNAL" } }),
      );
      return;
    }
    if (provider === "openai") {
      const msgId = `msg_${id}`;
      const usage = { input_tokens: 10, output_tokens: 5, total_tokens: 15 };
      if (!stream) {
        sendJson(res, 200, {
          id: `resp_${id}`,
          object: "response",
          created_at: created,
          status: "completed",
          model,
          output: [
            {
              type: "message",
              id: msgId,
              status: "completed",
              role: "assistant",
              content: [{ type: "output_text", text: replyText(reply), annotations: [] }],
            },
          ],
          usage,
          incomplete_details: null,
        });
        return;
      }
      let n = 0;
      const ev = (type: string, o: Record<string, unknown>) =>
        `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: n++, ...o })}\n\n`;
      const head =
        ev("response.created", { response: { id: `resp_${id}`, created_at: created, model, status: "in_progress" } }) +
        ev("response.output_item.added", {
          output_index: 0,
          item: { type: "message", id: msgId, status: "in_progress", role: "assistant", content: [] },
        });
      await streamOut(
        res,
        "text/event-stream",
        reply,
        (chunk, i) =>
          (i === 0 ? head : "") +
          ev("response.output_text.delta", { item_id: msgId, output_index: 0, content_index: 0, delta: chunk }),
        (full) =>
          (replyChunks(reply).length === 0 ? head : "") +
          ev("response.output_item.done", {
            output_index: 0,
            item: {
              type: "message",
              id: msgId,
              status: "completed",
              role: "assistant",
              content: [{ type: "output_text", text: full, annotations: [] }],
            },
          }) +
          ev("response.completed", {
            response: {
              id: `resp_${id}`,
              created_at: created,
              model,
              status: "completed",
              usage,
              incomplete_details: null,
            },
          }),
        (message) => ev("error", { code: "server_error", message, param: null }),
      );
      return;
    }
    // Ollama
    const createdAt = new Date().toISOString();
    if (!stream) {
      sendJson(res, 200, {
        model,
        created_at: createdAt,
        message: { role: "assistant", content: replyText(reply) },
        done: true,
        done_reason: "stop",
        total_duration: 1000,
        prompt_eval_count: 10,
        eval_count: 5,
      });
      return;
    }
    const line = (o: unknown) => `${JSON.stringify(o)}\n`;
    await streamOut(
      res,
      "application/x-ndjson",
      reply,
      (chunk) => line({ model, created_at: createdAt, message: { role: "assistant", content: chunk }, done: false }),
      () =>
        line({
          model,
          created_at: createdAt,
          message: { role: "assistant", content: "" },
          done: true,
          done_reason: "stop",
          prompt_eval_count: 10,
          eval_count: 5,
        }),
      (message) => line({ error: message }),
    );
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", `http://${host}`);
      const raw = await readBody(req);
      try {
        if (url.pathname === "/__script" && req.method === "POST") {
          const count = addRules(JSON.parse(raw.toString("utf8") || "null"));
          sendJson(res, 200, { ok: true, count });
        } else if (url.pathname === "/__requests" && req.method === "GET") {
          sendJson(res, 200, recorded);
        } else if (url.pathname === "/__reset" && req.method === "POST") {
          rules = [];
          recorded = [];
          sendJson(res, 200, { ok: true });
        } else if (url.pathname === "/__health") {
          sendJson(res, 200, { ok: true });
        } else {
          await handleModel(req, res, url, raw);
        }
      } catch (err) {
        if (!res.headersSent) sendJson(res, 400, { error: String(err instanceof Error ? err.message : err) });
        else res.end();
      }
    })();
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : (opts.port ?? 0);
  return {
    url: `http://${host}:${port}`,
    port,
    script: (rule) => void addRules(rule),
    requests: () => recorded.map((r) => ({ ...r })),
    reset: () => {
      rules = [];
      recorded = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function defaultTags(): unknown {
  const model = (name: string, size: number) => ({
    name,
    model: name,
    modified_at: "2025-01-01T00:00:00Z",
    size,
    digest: "0".repeat(64),
    details: { format: "gguf", family: name.split(":")[0], parameter_size: "4B", quantization_level: "Q4_K_M" },
  });
  return { models: [model("gemma3n:e4b", 7_500_000_000), model("gemma3:4b", 3_300_000_000)] };
}

const isMain = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const i = process.argv.indexOf("--port");
  const port = i > 0 ? Number(process.argv[i + 1]) : 4010;
  const hostIndex = process.argv.indexOf("--host");
  const host = hostIndex > 0 ? process.argv[hostIndex + 1] : "127.0.0.1";
  startFakeModelServer({ port, host }).then(
    (s) => console.log(`fake model server listening on ${s.url}`),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}

/** Model names the tests use per provider family. */
export const FAKE_MODELS: Record<FakeProvider, string> = {
  gemini: "gemini/gemini-2.5-flash",
  openai: "openai/gpt-4o-mini",
  ollama: "ollama/gemma3:4b",
};

/** Environment that points a provider family at the fake server (with a fake key where one is needed). */
export function fakeProviderEnv(url: string): Record<string, string> {
  return {
    GEMINI_BASE_URL: url,
    GOOGLE_GENERATIVE_AI_API_KEY: "fake-gemini-key",
    OPENAI_BASE_URL: url,
    OPENAI_API_KEY: "fake-openai-key",
    OLLAMA_BASE_URL: url,
  };
}

/** A 1x1 PNG, base64. */
export const TINY_PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";

/** A short silent WAV file (8 kHz, 16-bit mono), base64. */
export function tinyWavBase64(samples = 800): string {
  const data = samples * 2;
  const b = Buffer.alloc(44 + data);
  b.write("RIFF", 0, "ascii");
  b.writeUInt32LE(36 + data, 4);
  b.write("WAVE", 8, "ascii");
  b.write("fmt ", 12, "ascii");
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(16000, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write("data", 36, "ascii");
  b.writeUInt32LE(data, 40);
  return b.toString("base64");
}
