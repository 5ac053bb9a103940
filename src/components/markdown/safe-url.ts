/** Schemes a link or image address may have in rendered markdown (spec section 2). */
export const ALLOWED_URL_SCHEMES = ["http", "https", "irc", "ircs", "mailto", "xmpp"] as const;

const SCHEME_RE = /^([a-z][a-z0-9+.-]*):/iu;

/**
 * The address itself when it is absolute with an allowed scheme, else null. Relative and
 * protocol-relative addresses are refused too: text written by a model must not point into the app or
 * to a host of the page's choosing without saying where it goes.
 */
export function safeUrl(url: string | null | undefined): string | null {
  if (typeof url !== "string") return null;
  const trimmed = url.trim();
  // Browsers ignore tabs and line breaks inside URLs; an address with them is suspicious, not useful.
  if (!trimmed || /[\u0000-\u001f\u007f]/u.test(trimmed)) return null;
  const m = SCHEME_RE.exec(trimmed);
  if (!m) return null;
  return (ALLOWED_URL_SCHEMES as readonly string[]).includes(m[1].toLowerCase()) ? trimmed : null;
}
