/**
 * Puts the app's early request check in front of Next's HTTP server. Loaded before the server starts:
 * `npm start` (scripts/serve.mjs) imports it, the Docker image runs `node --import ./server-guard.mjs
 * server.js`. This file is only the mechanism; every rule (methods, Host names, body limits, locks) and
 * every answer comes from the check the app installs (src/server/security/early.ts, from
 * src/instrumentation.ts). Every request:
 * - loses any client-sent copy of the client address header, which is set from the socket instead;
 * - waits until the app has installed its check (the first moments of start-up);
 * - is answered at once when the check refuses it, without its body being read;
 * - otherwise goes on to Next with its body counted as it arrives: past the route's limit (a chunked
 *   body declares no length) the request is taken from Next and answered 413.
 * A refused body is read on and thrown away (up to DRAIN_BYTES, for DRAIN_MS at most) before the
 * connection closes, so that the client, still sending, reads the answer instead of a reset.
 */
import http from "node:http";

const CLIENT_HEADER = "x-reverie-client-address";
/** How much of a refused body is read and thrown away so that the client can read the answer. */
const DRAIN_BYTES = 64 * 1024 * 1024;
const DRAIN_MS = 30_000;
/** How long a request waits for the app to install its check before it is passed on unchecked. */
const INSTALL_WAIT_MS = 60_000;

const g = globalThis;
const installWaiters = [];
g.__reverieEarlyCheckInstalled = () => {
  for (const release of installWaiters.splice(0)) release();
};

function installedCheck() {
  if (g.__reverieEarlyCheck) return Promise.resolve(g.__reverieEarlyCheck);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      console.error("[reverie] the early request check was not installed: a request goes on unchecked");
      resolve(null);
    }, INSTALL_WAIT_MS);
    installWaiters.push(() => {
      clearTimeout(timer);
      resolve(g.__reverieEarlyCheck);
    });
  });
}

/**
 * Closes the connection once the rest of the request body has arrived (thrown away), or past the drain
 * bounds. Until then Node's own close after the answer (`destroySoon`) is held back.
 */
function closeAfterBody(req) {
  const socket = req.socket;
  if (!socket || socket.destroyed) return { more: () => {}, end: () => {} };
  let drained = 0;
  let bodyDone = req.complete;
  let answered = false;
  const destroySoon = socket.destroySoon;
  const close = () => {
    clearTimeout(timer);
    socket.destroySoon = destroySoon;
    socket.destroySoon();
  };
  const timer = setTimeout(() => socket.destroy(), DRAIN_MS);
  timer.unref?.();
  socket.once("close", () => clearTimeout(timer));
  socket.destroySoon = function heldBack() {
    answered = true;
    if (bodyDone) close();
  };
  return {
    /** `bytes` more of the body arrived and were thrown away. */
    more(bytes) {
      drained += bytes;
      if (drained > DRAIN_BYTES) {
        clearTimeout(timer);
        socket.destroy();
      }
    },
    /** The body is complete. */
    end() {
      bodyDone = true;
      if (answered) close();
    },
  };
}

function writeAnswer(req, res, answer, write = res) {
  write.writeHead(answer.status, {
    ...answer.headers,
    "Content-Length": Buffer.byteLength(answer.body),
    // The body was not read (or not all of it): the connection is not reused.
    Connection: "close",
  });
  write.end(req.method === "HEAD" ? undefined : answer.body);
}

/** What Next may still call on a response taken from it: nothing reaches the client any more. */
function takeFromNext(res) {
  // Nothing Next may have set already goes out with the refusal.
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  const own = { writeHead: res.writeHead.bind(res), end: res.end.bind(res) };
  const ignore = () => res;
  res.writeHead = ignore;
  res.setHeader = ignore;
  res.appendHeader = ignore;
  res.removeHeader = () => {};
  res.flushHeaders = () => {};
  res.writeContinue = () => {};
  res.writeEarlyHints = () => {};
  res.addTrailers = () => {};
  res.write = (_chunk, encoding, cb) => {
    (typeof encoding === "function" ? encoding : cb)?.();
    return true;
  };
  res.end = (chunk, encoding, cb) => {
    [chunk, encoding, cb].find((x) => typeof x === "function")?.();
    return res;
  };
  return own;
}

/**
 * Counts the body as the HTTP parser hands it over, from the request's first moment (bytes may arrive
 * while the check runs). Once the request is answered here (refused by the check, or past its route's
 * limit), the rest of the body, and its end, never reach Next: they are thrown away.
 */
function watchBody(req, res) {
  const push = req.push;
  let seen = 0;
  let limit = null;
  let drain = null;
  let handedOver = false;

  function answer(refusal) {
    if (drain) return;
    if (handedOver && res.headersSent) {
      req.socket?.destroy();
      return;
    }
    drain = closeAfterBody(req);
    writeAnswer(req, res, refusal, handedOver ? takeFromNext(res) : res);
    // What was read meanwhile is thrown away, and reading goes on (Next may have stopped it).
    if (!handedOver) req.resume();
    req.socket?.resume();
  }

  req.push = function counted(chunk, encoding) {
    if (drain) {
      if (chunk === null) drain.end();
      else drain.more(chunk.length);
      return true;
    }
    if (chunk !== null && chunk !== undefined) {
      seen += chunk.length;
      if (limit && seen > limit.bytes) {
        answer(limit.refusal);
        return true;
      }
    }
    return push.call(this, chunk, encoding);
  };

  return {
    /** Answers at once, before Next sees the request. */
    refuse: answer,
    /** Sets the route's limit; false when the body is already over it (then answered). */
    limit(l) {
      limit = l;
      if (seen > l.bytes) {
        answer(l.refusal);
        return false;
      }
      return true;
    },
    handOver() {
      handedOver = true;
    },
  };
}

function guarded(listener) {
  return function guardedListener(req, res) {
    delete req.headers[CLIENT_HEADER];
    const socketAddress = req.socket?.remoteAddress;
    const body = watchBody(req, res);
    installedCheck()
      .then(async (installed) => {
        if (!installed) {
          req.headers[CLIENT_HEADER] = socketAddress ?? "unknown";
          body.handOver();
          return listener.call(this, req, res);
        }
        let result;
        try {
          result = await installed.check({ method: req.method, url: req.url, headers: req.headers, socketAddress });
        } catch (err) {
          console.error("[reverie] early request check failed", err);
          return body.refuse(installed.internal);
        }
        req.headers[installed.header] = result.clientAddress;
        if (result.refusal) return body.refuse(result.refusal);
        if (result.limit && !body.limit(result.limit)) return undefined;
        body.handOver();
        return listener.call(this, req, res);
      })
      .catch((err) => {
        console.error("[reverie] request failed before the app saw it", err);
        req.socket?.destroy();
      });
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
