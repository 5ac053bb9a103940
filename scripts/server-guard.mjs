/**
 * Puts the app's early request check in front of Next's HTTP server. Loaded before the server starts:
 * `npm start` (scripts/serve.mjs) imports it, the Docker image runs `node --import ./server-guard.mjs
 * server.js`. Every request then:
 * - loses any client-sent copy of the client address header, which is set from the socket instead;
 * - goes through the check that instrumentation.ts installs (src/server/security/early.ts): unknown
 *   methods, foreign Host names, oversized bodies and bodies sent to a locked journal without a session
 *   are answered at once, in the one JSON error shape, without reading the body.
 * Until the app has installed its check (the first moments of start-up), only unknown methods are refused.
 */
import http from "node:http";

const CLIENT_HEADER = "x-reverie-client-address";
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

function refuse(req, res, { status, code, message, headers = {} }) {
  const body = JSON.stringify({ error: { message, code } });
  res.writeHead(status, {
    ...headers,
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    // The body was not read: the connection is not reused.
    Connection: "close",
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

function guarded(listener) {
  return function guardedListener(req, res) {
    delete req.headers[CLIENT_HEADER];
    const socketAddress = req.socket?.remoteAddress;
    const installed = globalThis.__reverieEarlyCheck;
    if (!installed) {
      req.headers[CLIENT_HEADER] = socketAddress ?? "unknown";
      if (!KNOWN_METHODS.has(String(req.method).toUpperCase())) {
        return refuse(req, res, { status: 405, code: "METHOD_NOT_ALLOWED", message: `${req.method} is not allowed here.`, headers: { Allow: [...KNOWN_METHODS].join(", ") } });
      }
      return listener.call(this, req, res);
    }
    installed.check({ method: req.method, url: req.url, headers: req.headers, socketAddress }).then(
      (result) => {
        req.headers[installed.header] = result.clientAddress;
        if (result.refusal) refuse(req, res, result.refusal);
        else listener.call(this, req, res);
      },
      (err) => {
        console.error("[reverie] early request check failed", err);
        refuse(req, res, { status: 500, code: "INTERNAL", message: "An unexpected error occurred" });
      },
    );
  };
}

const createServer = http.createServer;
if (!createServer.__reverieGuarded) {
  const wrapped = function (...args) {
    const last = args.length - 1;
    if (typeof args[last] === "function") args[last] = guarded(args[last]);
    return createServer.apply(this, args);
  };
  wrapped.__reverieGuarded = true;
  http.createServer = wrapped;
}
