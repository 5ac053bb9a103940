import type { NextConfig } from "next";
import { MAX_REQUEST_BODY_BYTES } from "./src/domain/media";
import { STATIC_SECURITY_HEADERS } from "./src/server/security/csp";

const nextConfig: NextConfig = {
  // The Docker image runs the standalone server; `next start` (home server, tests) uses the normal build.
  output: process.env.NEXT_OUTPUT_STANDALONE === "1" ? "standalone" : undefined,
  poweredByHeader: false,
  reactStrictMode: true,
  experimental: {
    // The proxy runs on every request and Next buffers bodies for it, cutting them off at this size
    // (10 MB by default). Media uploads need the full 10 MB file plus its multipart envelope, and the AI
    // tasks a 10 MB file as base64 in JSON. Before that buffering, the server's early request check
    // (scripts/server-guard.mjs, src/server/security/early.ts) refuses a body over its route's own limit
    // (src/server/http/route-policy.ts; a chunked body is counted as it arrives) and any body sent while
    // a lock holds its address, so only the owner's requests are ever buffered, each at most up to its
    // route's limit. Each route still enforces its own limit while reading.
    proxyClientMaxBodySize: MAX_REQUEST_BODY_BYTES,
  },
  async headers() {
    return [{ source: "/:path*", headers: [...STATIC_SECURITY_HEADERS] }];
  },
  // sqlite-vec finds its platform's loadable extension (node_modules/sqlite-vec-<os>-<arch>/vec0.*) at run
  // time: it stays a plain Node package, and the extension is copied into the standalone output.
  serverExternalPackages: ["sqlite-vec"],
  outputFileTracingIncludes: {
    "/*": ["./prisma/migrations/**/*", "./node_modules/sqlite-vec/**/*", "./node_modules/sqlite-vec-linux-*/**/*"],
  },
};

export default nextConfig;
