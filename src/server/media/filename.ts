import "server-only";

const MAX_DISPLAY_NAME_CHARS = 255;
export const FALLBACK_FILENAME = "file";

/**
 * The client's file name, cleaned for display only (it is never used as a path): the last path
 * segment, without control or bidi-override characters, whitespace collapsed, at most 255 characters.
 */
export function displayFilename(raw: string | null | undefined): string {
  let name = (raw ?? "").normalize("NFC");
  name = name.split(/[/\\]/u).pop() ?? "";
  name = name
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, "")
    .replace(/\s+/gu, " ")
    .trim();
  if (name === "." || name === "..") name = "";
  const chars = Array.from(name);
  if (chars.length > MAX_DISPLAY_NAME_CHARS) {
    const dot = name.lastIndexOf(".");
    const ext = dot > 0 ? Array.from(name.slice(dot)) : [];
    const keep = ext.length > 0 && ext.length <= 16 ? ext : [];
    name = chars.slice(0, MAX_DISPLAY_NAME_CHARS - keep.length).join("") + keep.join("");
  }
  return name || FALLBACK_FILENAME;
}

/** `Content-Disposition: inline` with an ASCII fallback and the UTF-8 name (RFC 6266 / 8187). */
export function inlineDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/gu, "_").replace(/["\\]/gu, "_") || FALLBACK_FILENAME;
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/gu,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
