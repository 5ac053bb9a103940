/**
 * `npm start`: Next's production server behind the app's early request check, listening where
 * HOSTNAME (or HOST) says. Without either it listens on loopback only (127.0.0.1), so a home install is
 * not open to the network by accident; set HOSTNAME=0.0.0.0 to serve other devices (and set
 * APP_PASSWORD). PORT as usual (default 3000). Extra arguments go to `next start`.
 */
import "./server-guard.mjs";

const host = process.env.HOSTNAME?.trim() || process.env.HOST?.trim() || "127.0.0.1";
const port = process.env.PORT?.trim() || "3000";
// Read by the app to warn when the journal is reachable beyond this machine without a passcode.
process.env.REVERIE_BIND_HOST = host;
process.argv = [process.argv[0], "next", "start", "--hostname", host, "--port", port, ...process.argv.slice(2)];
await import("next/dist/bin/next");
