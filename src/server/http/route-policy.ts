/**
 * The one table of what each address of the app takes and when it is reachable. Every layer of the
 * request gate reads it: the early request check (src/server/security/early.ts, before Next reads a
 * body), the proxy (src/proxy.ts) and the route helpers (src/server/http/request.ts). A test checks the
 * API part against the route files: every route.ts under src/app/api with exactly its exported methods.
 *
 * Per address pattern ("/api/entries/[id]", "/icons/[...file]"):
 * - methods: what an API route exports (HEAD comes with GET and OPTIONS with every route, as Next
 *   provides them); pages and files leave it out;
 * - bodyLimit: the largest body the route takes, in bytes (default MAX_JSON_BODY_BYTES);
 * - tooLarge: the 413 message when the limit is one the person knows (10MB for media);
 * - open: the locks the address stays open under (closed under every lock unless named here):
 *   - locked: a passcode (APP_PASSWORD) is set and the browser has no session;
 *   - sealed: the journal is encrypted and either sealed (no key in memory) or, its passphrase being
 *     the lock, the browser has no unlock cookie;
 *   - setup: a Space waits for its passcode (src/server/security/space.ts).
 * How the locks combine is src/server/security/locks.ts.
 *
 * Pure: the proxy and the early request check import it, so no "server-only" guard here.
 */
import { MAX_MEDIA_JSON_BYTES } from "@/contracts/ai-constants";
import { IMPORT_PART_BYTES } from "@/contracts/data-constants";
import { MAX_JSON_BODY_BYTES, MAX_MEDIA_LABEL } from "@/domain/constants";
import { MAX_UPLOAD_BODY_BYTES } from "@/domain/media";

export type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";
/** Every method some route of the app answers; anything else is refused (405) on any address. */
export const KNOWN_METHODS: readonly Method[] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

export type Lock = "locked" | "sealed" | "setup";

export interface RoutePolicy {
  methods?: readonly Method[];
  bodyLimit?: number;
  tooLarge?: string;
  open?: Partial<Record<Lock, true>>;
}

/** The smallest body limit, for the login form. */
export const LOGIN_BODY_BYTES = 16 * 1024;
const ENVELOPE = 1024 * 1024;
const FILE_TOO_LARGE = `The file is too large. Maximum size is ${MAX_MEDIA_LABEL}.`;
/** The media route's 413 before its body is read (the file's name is in the body, so it cannot be named). */
export const UPLOAD_TOO_LARGE = `The upload is too large. Maximum size is ${MAX_MEDIA_LABEL}.`;

const ALWAYS = { locked: true, sealed: true, setup: true } as const;
const AI = { methods: ["POST"], bodyLimit: MAX_MEDIA_JSON_BYTES } as const;
const AI_MEDIA = { ...AI, tooLarge: FILE_TOO_LARGE } as const;

export const ROUTE_POLICY: Readonly<Record<string, RoutePolicy>> = {
  // ---------- pages and files ----------
  "/lock": { open: { locked: true } },
  "/unlock": { open: { sealed: true } },
  "/setup": { open: { setup: true } },
  "/offline": { open: { locked: true, sealed: true } },
  "/sw.js": { open: { locked: true, sealed: true } },
  "/icon.svg": { open: ALWAYS },
  "/icons/[...file]": { open: ALWAYS },
  "/manifest.webmanifest": { open: ALWAYS },
  "/robots.txt": { open: ALWAYS },
  "/favicon.ico": { open: ALWAYS },

  // ---------- API ----------
  "/api/ai/analyze-image": AI_MEDIA,
  "/api/ai/analyze-psychological-image": AI_MEDIA,
  "/api/ai/analyze-text": AI,
  "/api/ai/chat": AI,
  "/api/ai/ask": { methods: ["POST"], bodyLimit: 16 * 1024 },
  "/api/ai/embeddings": { methods: ["GET"] },
  "/api/ai/consent": { methods: ["GET", "POST", "DELETE"] },
  "/api/ai/detect-crisis": AI,
  "/api/ai/generate-insights": AI,
  "/api/ai/growth-insights": AI,
  "/api/ai/motivational-support": AI,
  "/api/ai/summarize-conversation": AI,
  "/api/ai/transcribe-audio": AI_MEDIA,
  "/api/ai/transcription": { methods: ["GET"] },
  "/api/auth/login": { methods: ["POST"], bodyLimit: LOGIN_BODY_BYTES, open: { locked: true } },
  "/api/auth/logout": { methods: ["POST"] },
  "/api/auth/status": { methods: ["GET"], open: { locked: true } },
  "/api/backups": { methods: ["GET", "POST"] },
  "/api/backups/[id]/restore": { methods: ["POST"] },
  "/api/checkins": { methods: ["GET", "POST"] },
  "/api/checkins/[id]": { methods: ["GET", "PUT", "DELETE"] },
  "/api/checkins/activities": { methods: ["GET", "POST"] },
  "/api/checkins/activities/[id]": { methods: ["PUT"] },
  "/api/checkins/correlations": { methods: ["GET"] },
  "/api/checkins/pixels": { methods: ["GET"] },
  "/api/config": { methods: ["GET", "PUT"] },
  "/api/config/batch": { methods: ["PUT"] },
  "/api/config/configure-model": { methods: ["POST"] },
  "/api/config/export": { methods: ["GET"] },
  "/api/config/import": { methods: ["POST"] },
  "/api/config/models": { methods: ["GET"] },
  "/api/config/reset": { methods: ["POST"] },
  "/api/config/test-model": { methods: ["POST"] },
  "/api/data/clear": { methods: ["POST"] },
  "/api/data/export": { methods: ["GET"] },
  "/api/data/export/encrypted": { methods: ["POST"] },
  "/api/data/export/markdown": { methods: ["GET"] },
  "/api/data/export/pdf": { methods: ["GET"] },
  "/api/data/import": { methods: ["POST"], bodyLimit: IMPORT_PART_BYTES + ENVELOPE },
  "/api/data/import/uploads": { methods: ["POST"] },
  "/api/data/import/uploads/[id]": { methods: ["PUT", "DELETE"], bodyLimit: IMPORT_PART_BYTES },
  "/api/encryption": { methods: ["GET"], open: { sealed: true } },
  "/api/encryption/disable": { methods: ["POST"] },
  "/api/encryption/enable": { methods: ["POST"] },
  "/api/encryption/passphrase": { methods: ["POST"] },
  "/api/encryption/unlock": { methods: ["POST"], open: { sealed: true } },
  "/api/entries": { methods: ["GET", "POST"] },
  "/api/entries/[id]": { methods: ["GET", "PUT", "DELETE"] },
  "/api/entries/[id]/media": { methods: ["POST"], bodyLimit: MAX_UPLOAD_BODY_BYTES, tooLarge: UPLOAD_TOO_LARGE },
  "/api/entries/[id]/media/[mediaId]": { methods: ["DELETE"] },
  "/api/entries/calendar": { methods: ["GET"] },
  "/api/entries/on-this-day": { methods: ["GET"] },
  "/api/entries/statistics": { methods: ["GET"] },
  "/api/entries/tags": { methods: ["GET"] },
  "/api/media/[id]": { methods: ["GET", "HEAD"] },
  "/api/memory": { methods: ["GET", "POST"] },
  "/api/memory/[id]": { methods: ["PUT", "DELETE"] },
  "/api/memory/propose": { methods: ["POST"], bodyLimit: 128 * 1024 },
  "/api/memory/settings": { methods: ["PUT"] },
  "/api/reviews": { methods: ["GET", "POST"] },
  "/api/reminders": { methods: ["GET", "PUT"] },
  // A calendar app cannot unlock the journal: the feed stays open and reads nothing of it (see its service).
  "/api/reminders/feed/[token]": { methods: ["GET"], open: { locked: true, sealed: true } },
  "/api/reminders/link": { methods: ["POST"] },
  "/api/reminders/today": { methods: ["GET"] },
  "/api/safety-plan": { methods: ["GET", "PUT"] },
  "/api/storage": { methods: ["GET"] },
  "/api/templates": { methods: ["GET", "POST"] },
  "/api/templates/[id]": { methods: ["PUT", "DELETE"] },
  "/api/trash": { methods: ["GET", "DELETE"] },
  "/api/trash/[id]": { methods: ["DELETE"] },
  "/api/trash/[id]/restore": { methods: ["POST"] },
  // Any other address under /api: the catch-all route answers 404 in the one error shape.
  "/api/[...path]": { methods: ["GET", "POST", "PUT", "PATCH", "DELETE"] },
};

interface Compiled {
  pattern: string;
  segments: string[];
  catchAll: boolean;
  statics: number;
  policy: RoutePolicy;
}

const COMPILED: Compiled[] = Object.entries(ROUTE_POLICY).map(([pattern, policy]) => {
  const segments = pattern.split("/").slice(1);
  const catchAll = segments.at(-1)?.startsWith("[...") ?? false;
  return { pattern, segments, catchAll, statics: segments.filter((s) => !s.startsWith("[")).length, policy };
});

function matches(r: Compiled, parts: string[]): boolean {
  const fixed = r.catchAll ? r.segments.length - 1 : r.segments.length;
  if (r.catchAll ? parts.length < r.segments.length : parts.length !== r.segments.length) return false;
  for (let i = 0; i < fixed; i++) {
    const s = r.segments[i]!;
    if (s.startsWith("[") ? parts[i] === "" : s !== parts[i]) return false;
  }
  return r.catchAll ? parts.slice(fixed).every((p) => p !== "") : true;
}

/**
 * The entry of the table that answers `pathname`, as Next routes it: a static segment wins over a
 * dynamic one, a catch-all comes last. The address is taken as sent: an empty segment, another case
 * or a percent-encoded letter matches nothing (and so is closed under every lock).
 */
export function routeFor(pathname: string): { pattern: string; policy: RoutePolicy } | null {
  const parts = pathname.split("/").slice(1);
  let best: Compiled | undefined;
  for (const r of COMPILED) {
    if (!matches(r, parts)) continue;
    if (!best || (best.catchAll && !r.catchAll) || (best.catchAll === r.catchAll && r.statics > best.statics)) best = r;
  }
  return best ? { pattern: best.pattern, policy: best.policy } : null;
}

/** The methods the API route at `pathname` answers, as an Allow header lists them, or null for no API route. */
export function allowedMethods(pathname: string): Method[] | null {
  const found = routeFor(pathname.replace(/\/+$/u, ""));
  if (!found?.policy.methods) return null;
  const out = new Set<Method>(found.policy.methods);
  if (out.has("GET")) out.add("HEAD");
  out.add("OPTIONS");
  return [...out];
}

/** The largest body the route at `pathname` takes, and the 413 message for one over it. */
export function bodyLimit(pathname: string): { bytes: number; message: string } {
  const policy = routeFor(pathname)?.policy;
  const bytes = policy?.bodyLimit ?? MAX_JSON_BODY_BYTES;
  return { bytes, message: policy?.tooLarge ?? `Request body is too large (limit ${bytes} bytes).` };
}

/** Whether `pathname` stays open under `lock`. */
export function isOpenUnder(lock: Lock, pathname: string): boolean {
  return routeFor(pathname)?.policy.open?.[lock] === true;
}
