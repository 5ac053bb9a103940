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
    // tasks a 10 MB file as base64 in JSON. Each route still enforces its own, smaller limit.
    proxyClientMaxBodySize: MAX_REQUEST_BODY_BYTES,
  },
  async headers() {
    return [{ source: "/:path*", headers: [...STATIC_SECURITY_HEADERS] }];
  },
  outputFileTracingIncludes: {
    "/*": ["./prisma/migrations/**/*"],
  },
};

export default nextConfig;
