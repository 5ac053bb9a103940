/**
 * The methods each API route answers, so that the proxy can refuse any other method with a 405 in the
 * one JSON error shape (Next's router would answer with an empty body before any handler of ours runs).
 * A test reads the route files and checks that this table names exactly their exported methods.
 * Pure: the proxy imports it, so no "server-only" guard here.
 */
export const API_ROUTE_METHODS: Readonly<Record<string, readonly string[]>> = {
  "/api/ai/analyze-image": ["POST"],
  "/api/ai/analyze-psychological-image": ["POST"],
  "/api/ai/analyze-text": ["POST"],
  "/api/ai/chat": ["POST"],
  "/api/ai/detect-crisis": ["POST"],
  "/api/ai/generate-insights": ["POST"],
  "/api/ai/growth-insights": ["POST"],
  "/api/ai/motivational-support": ["POST"],
  "/api/ai/summarize-conversation": ["POST"],
  "/api/ai/transcribe-audio": ["POST"],
  "/api/auth/login": ["POST"],
  "/api/auth/logout": ["POST"],
  "/api/auth/status": ["GET"],
  "/api/backups": ["GET", "POST"],
  "/api/backups/[id]/restore": ["POST"],
  "/api/config": ["GET", "PUT"],
  "/api/config/batch": ["PUT"],
  "/api/config/configure-model": ["POST"],
  "/api/config/export": ["GET"],
  "/api/config/import": ["POST"],
  "/api/config/models": ["GET"],
  "/api/config/reset": ["POST"],
  "/api/config/test-model": ["POST"],
  "/api/data/clear": ["POST"],
  "/api/data/export": ["GET"],
  "/api/data/export/encrypted": ["POST"],
  "/api/data/import": ["POST"],
  "/api/data/import/uploads": ["POST"],
  "/api/data/import/uploads/[id]": ["PUT", "DELETE"],
  "/api/encryption": ["GET"],
  "/api/encryption/disable": ["POST"],
  "/api/encryption/enable": ["POST"],
  "/api/encryption/passphrase": ["POST"],
  "/api/encryption/unlock": ["POST"],
  "/api/entries": ["GET", "POST"],
  "/api/entries/[id]": ["GET", "PUT", "DELETE"],
  "/api/entries/[id]/media": ["POST"],
  "/api/entries/[id]/media/[mediaId]": ["DELETE"],
  "/api/entries/calendar": ["GET"],
  "/api/entries/on-this-day": ["GET"],
  "/api/entries/statistics": ["GET"],
  "/api/entries/tags": ["GET"],
  "/api/media/[id]": ["GET", "HEAD"],
  "/api/safety-plan": ["GET", "PUT"],
  "/api/storage": ["GET"],
  "/api/trash": ["GET", "DELETE"],
  "/api/trash/[id]": ["DELETE"],
  "/api/trash/[id]/restore": ["POST"],
};

const ROUTES = Object.entries(API_ROUTE_METHODS).map(([pattern, methods]) => {
  const segments = pattern.split("/").slice(1);
  return { segments, methods, statics: segments.filter((s) => !s.startsWith("[")).length };
});

/**
 * The methods the route at `pathname` answers, as an Allow header lists them (HEAD comes with GET and
 * OPTIONS with every route, as Next provides them), or null when no route of the table matches (the
 * catch-all route then answers 404). A static segment wins over a dynamic one, as in Next's router.
 */
export function allowedMethods(pathname: string): string[] | null {
  const parts = pathname.replace(/\/+$/u, "").split("/").slice(1);
  let best: (typeof ROUTES)[number] | undefined;
  for (const r of ROUTES) {
    if (r.segments.length !== parts.length) continue;
    if (!r.segments.every((s, i) => s.startsWith("[") ? parts[i] !== "" : s === parts[i])) continue;
    if (!best || r.statics > best.statics) best = r;
  }
  if (!best) return null;
  const out = new Set(best.methods);
  if (out.has("GET")) out.add("HEAD");
  out.add("OPTIONS");
  return [...out];
}
