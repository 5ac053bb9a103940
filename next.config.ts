import type { NextConfig } from "next";
import { STATIC_SECURITY_HEADERS } from "./src/server/security/csp";

const nextConfig: NextConfig = {
  // The Docker image runs the standalone server; `next start` (home server, tests) uses the normal build.
  output: process.env.NEXT_OUTPUT_STANDALONE === "1" ? "standalone" : undefined,
  poweredByHeader: false,
  reactStrictMode: true,
  async headers() {
    return [{ source: "/:path*", headers: [...STATIC_SECURITY_HEADERS] }];
  },
  outputFileTracingIncludes: {
    "/*": ["./prisma/migrations/**/*"],
  },
};

export default nextConfig;
