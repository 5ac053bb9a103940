/**
 * A streaming check of a JSON document's shape, byte by byte, before it is parsed: nesting depth, the
 * number of values, the items of one array, the keys of one object and the length of one string are
 * counted without building anything. A "JSON bomb" (millions of tiny objects that take gigabytes once
 * parsed) is refused by its structure after reading it once, in constant memory. It does not validate
 * the JSON; the parser does that afterwards.
 */

export interface JsonShapeLimits {
  maxDepth: number;
  maxValues: number;
  maxArrayItems: number;
  maxObjectKeys: number;
  maxStringBytes: number;
}

/** Far beyond any real journal (100,000 entries with tags and media use about 3 million values). */
export const JOURNAL_JSON_LIMITS: JsonShapeLimits = {
  maxDepth: 64,
  maxValues: 8_000_000,
  maxArrayItems: 1_000_000,
  maxObjectKeys: 10_000,
  maxStringBytes: 16 * 1024 * 1024,
};

export class JsonShapeError extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(reason);
    this.reason = reason;
    this.name = "JsonShapeError";
  }
}

// Plain constants (no enum), so that Node can run this file as it is in a worker thread.
const C = {
  Quote: 0x22,
  Backslash: 0x5c,
  OpenObj: 0x7b,
  CloseObj: 0x7d,
  OpenArr: 0x5b,
  CloseArr: 0x5d,
  Comma: 0x2c,
  Colon: 0x3a,
} as const;

interface Frame {
  array: boolean;
  items: number;
  /** In an object: the next string is a key. */
  expectKey: boolean;
}

export class JsonShapeGuard {
  private stack: Frame[] = [];
  private inString = false;
  private escaped = false;
  private stringBytes = 0;
  /** Inside a number or literal (true, false, null). */
  private inScalar = false;
  values = 0;
  bytes = 0;

  private readonly limits: JsonShapeLimits;

  constructor(limits: JsonShapeLimits = JOURNAL_JSON_LIMITS) {
    this.limits = limits;
  }

  private fail(reason: string): never {
    throw new JsonShapeError(reason);
  }

  private valueStarts(): void {
    if (++this.values > this.limits.maxValues)
      this.fail(`it holds more than ${this.limits.maxValues.toLocaleString("en-US")} values`);
    const top = this.stack[this.stack.length - 1];
    if (top?.array && ++top.items > this.limits.maxArrayItems)
      this.fail(`a list in it has more than ${this.limits.maxArrayItems.toLocaleString("en-US")} items`);
  }

  push(chunk: Uint8Array): void {
    this.bytes += chunk.length;
    const { limits } = this;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (b === C.Backslash) this.escaped = true;
        else if (b === C.Quote) {
          this.inString = false;
          continue;
        }
        if (++this.stringBytes > limits.maxStringBytes)
          this.fail(
            `a text in it is longer than ${limits.maxStringBytes >= 1024 * 1024 ? `${limits.maxStringBytes / 1024 / 1024} MB` : `${limits.maxStringBytes} bytes`}`,
          );
        continue;
      }
      const top = this.stack[this.stack.length - 1];
      switch (b) {
        case C.Quote: {
          this.inScalar = false;
          this.inString = true;
          this.stringBytes = 0;
          if (top && !top.array && top.expectKey) {
            if (++top.items > limits.maxObjectKeys)
              this.fail(`an object in it has more than ${limits.maxObjectKeys} keys`);
            top.expectKey = false;
          } else this.valueStarts();
          break;
        }
        case C.OpenObj:
        case C.OpenArr: {
          this.inScalar = false;
          this.valueStarts();
          if (this.stack.length >= limits.maxDepth) this.fail(`it is nested more than ${limits.maxDepth} levels deep`);
          this.stack.push({ array: b === C.OpenArr, items: 0, expectKey: b === C.OpenObj });
          break;
        }
        case C.CloseObj:
        case C.CloseArr:
          this.inScalar = false;
          this.stack.pop();
          break;
        case C.Comma:
          this.inScalar = false;
          if (top && !top.array) top.expectKey = true;
          break;
        case C.Colon:
          this.inScalar = false;
          break;
        case 0x20:
        case 0x09:
        case 0x0a:
        case 0x0d:
          this.inScalar = false;
          break;
        default:
          // A number or a literal: one value, however many bytes it has.
          if (!this.inScalar) {
            this.inScalar = true;
            this.valueStarts();
          }
      }
    }
  }
}

/** Checks a whole document given in chunks; throws JsonShapeError with the reason. */
export function checkJsonShape(
  chunks: Iterable<Uint8Array>,
  limits: JsonShapeLimits = JOURNAL_JSON_LIMITS,
): { values: number; bytes: number } {
  const g = new JsonShapeGuard(limits);
  for (const c of chunks) g.push(c);
  return { values: g.values, bytes: g.bytes };
}
