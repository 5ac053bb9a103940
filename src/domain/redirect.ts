/**
 * Where to go after unlocking: only a path of this app, never another site. The target is read the way
 * a browser reads a URL before following it: tabs and line breaks anywhere are dropped, leading and
 * trailing spaces and control characters are trimmed, and backslashes count as slashes. What is left
 * must be a path ("/…", never "//…"), and resolving it against the app's own origin must stay there.
 * Used by both doors of the journal: the lock screen (passcode) and the unlock screen (passphrase).
 */
const PLACEHOLDER_ORIGIN = "http://app.invalid";
const DOORS = new Set(["/lock", "/unlock"]);

export function safeNextPath(raw: string | null | undefined): string {
  if (!raw) return "/";
  const cleaned = raw
    .replace(/[\t\n\r]/gu, "")
    .replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/gu, "")
    .replace(/\\/gu, "/");
  if (!cleaned.startsWith("/") || cleaned.startsWith("//")) return "/";
  let url: URL;
  try {
    url = new URL(cleaned, PLACEHOLDER_ORIGIN);
  } catch {
    return "/";
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return "/";
  const path = `${url.pathname}${url.search}${url.hash}`;
  // The resolved path itself must not read as protocol-relative either ("/./" tricks collapse to "//").
  if (path.startsWith("//")) return "/";
  // Never back to a door (the lock or unlock screen): the journal is open now.
  return DOORS.has(url.pathname.replace(/\/+$/u, "")) ? "/" : path;
}
