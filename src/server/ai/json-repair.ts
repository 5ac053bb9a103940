import "server-only";

/**
 * Tolerant reading of JSON written by small models: code fences, prose around the object, trailing
 * commas, comments, smart quotes, unquoted keys, single quotes, Python literals and a cut-off end.
 * Returns undefined when nothing JSON-like can be recovered.
 */
export function extractJson(text: string): unknown {
  if (!text) return undefined;
  const candidates: string[] = [];
  const trimmed = text.trim();
  candidates.push(trimmed);
  const fence = /```(?:json|JSON)?\s*\n?([\s\S]*?)(?:```|$)/u.exec(trimmed);
  if (fence?.[1]) candidates.push(fence[1].trim());
  const block = outermostBlock(fence?.[1] ?? trimmed);
  if (block) candidates.push(block);

  for (const c of candidates) {
    const direct = tryParse(c);
    if (direct !== undefined && typeof direct === "object" && direct !== null) return direct;
  }
  for (const c of candidates) {
    const repaired = tryParse(repair(c));
    if (repaired !== undefined && typeof repaired === "object" && repaired !== null) return repaired;
  }
  return undefined;
}

function tryParse(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}

/** The first {...} or [...] block, balanced with string awareness; a cut-off block is closed. */
function outermostBlock(s: string): string | undefined {
  const start = s.search(/[{[]/u);
  if (start < 0) return undefined;
  const stack: string[] = [];
  let inString: string | null = null;
  for (let i = start; i < s.length; i++) {
    const ch = s[i];
    if (inString) {
      if (ch === "\\") i++;
      else if (ch === inString) inString = null;
      continue;
    }
    if (ch === '"') inString = ch;
    else if (ch === "{") stack.push("}");
    else if (ch === "[") stack.push("]");
    else if (ch === "}" || ch === "]") {
      stack.pop();
      if (stack.length === 0) return s.slice(start, i + 1);
    }
  }
  // Cut off: close what is open.
  let tail = s.slice(start);
  if (inString) tail += inString;
  tail = tail.replace(/,\s*$/u, "");
  return tail + stack.reverse().join("");
}

/**
 * Rewrites every string literal as proper JSON: single quotes become double quotes, raw line breaks are
 * escaped, and a quote counts as closing only when a comma, colon, bracket or the end follows it, so
 * apostrophes and inner quotes stay inside the text.
 */
function normalizeStrings(s: string): string {
  let out = "";
  let i = 0;
  while (i < s.length) {
    const ch = s[i];
    if (ch !== '"' && ch !== "'") {
      out += ch;
      i++;
      continue;
    }
    let j = i + 1;
    let buf = "";
    for (; j < s.length; j++) {
      const c = s[j];
      if (c === "\\" && j + 1 < s.length) {
        buf += c + s[j + 1];
        j++;
        continue;
      }
      if (c === ch && /^\s*(?:[,:}\]]|$)/u.test(s.slice(j + 1, j + 40))) break;
      buf += c;
    }
    const inner = buf
      .replace(/\\'/gu, "'")
      .replace(/\r/gu, "\\r")
      .replace(/\n/gu, "\\n")
      .replace(/\t/gu, "\\t")
      .replace(/(?<!\\)"/gu, '\\"');
    let value: string;
    try {
      value = JSON.parse(`"${inner}"`) as string;
    } catch {
      value = buf;
    }
    out += JSON.stringify(value);
    i = j + 1;
  }
  return out;
}

function repair(text: string): string {
  // Only the part from the first bracket to the last one: prose around it may hold stray quotes.
  const start = text.search(/[{[]/u);
  const end = Math.max(text.lastIndexOf("}"), text.lastIndexOf("]"));
  const s = start < 0 ? text : end > start ? text.slice(start, end + 1) : text.slice(start);
  let out = s
    .replace(/[\u201c\u201d\u201e\u201f]/gu, '"')
    .replace(/\/\*[\s\S]*?\*\//gu, "")
    .replace(/(^|[^:"'])\/\/[^\n]*/gu, "$1");
  out = normalizeStrings(out);
  out = out
    .replace(/([{,]\s*)([A-Za-z_][A-Za-z0-9_]*)\s*:/gu, '$1"$2":')
    .replace(/:\s*True\b/gu, ": true")
    .replace(/:\s*False\b/gu, ": false")
    .replace(/:\s*None\b/gu, ": null")
    .replace(/,\s*([}\]])/gu, "$1");
  const block = outermostBlock(out);
  return block ?? out;
}
