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

function repair(s: string): string {
  let out = s
    .replace(/[\u201c\u201d\u201e\u201f]/gu, '"')
    .replace(/[\u2018\u2019]/gu, "'")
    .replace(/\/\*[\s\S]*?\*\//gu, "")
    .replace(/(^|[^:"'])\/\/[^\n]*/gu, "$1");
  // Single-quoted strings to double-quoted, when the text has no double quotes to confuse.
  if (!out.includes('"')) out = out.replace(/'((?:[^'\\\n]|\\.)*)'/gu, (_m, inner: string) => JSON.stringify(inner.replace(/\\'/gu, "'")));
  out = out
    .replace(/([{,]\s*)([A-Za-z_][A-Za-z0-9_]*)\s*:/gu, '$1"$2":')
    .replace(/:\s*True\b/gu, ": true")
    .replace(/:\s*False\b/gu, ": false")
    .replace(/:\s*None\b/gu, ": null")
    .replace(/,\s*([}\]])/gu, "$1");
  const block = outermostBlock(out);
  return block ?? out;
}
