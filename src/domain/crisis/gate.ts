/**
 * A gate in front of the phrase rules: most rules cannot match most journal text, and scanning a rule over a
 * text costs about the same whether it matches or not. So each rule's pattern is read once, at start-up, for the
 * literal strings that every one of its matches must contain ("kill", " rope", "overdos"...); one pass over the
 * text (an Aho-Corasick automaton over all those strings) then tells which rules can match at all, and only
 * those are scanned. The gate only ever skips a rule that cannot match: the literals are derived from the
 * pattern itself, never listed by hand, and a unit test checks the rules against every text of the evaluation
 * sets with and without it.
 */
import { RegExpParser, type AST } from "@eslint-community/regexpp";

type Literals = string[] | null;
type Element = AST.Element;

/**
 * Words too common to be worth gating on: when a pattern offers a choice of required literals, it prefers one
 * made of rarer words, so that the gate stays shut on ordinary text.
 */
const COMMON_WORDS: ReadonlySet<string> = new Set(
  (
    "a about after again all am an and any are as at back be been before but by came can cant come could day did " +
    "didnt do dont down even every feel feels felt for from get go going got had has have he her here him his how " +
    "i id if im in into is it its ive just know like made make many me more most much my no not now of off on " +
    "one or our out over really see she should so some still take than that the their them then there these " +
    "they thing things think this those time to today too took two up very want was way we well went were what " +
    "when where who why will with wont would you your"
  ).split(" "),
);

/** How telling a literal is: longer uncommon words tell more; a lone common word or a bit of spacing, little. */
function rarity(literal: string): number {
  const words = literal.split(/[^a-z0-9\u00c0-\uffff]+/).filter(Boolean);
  let best = 0;
  for (const w of words) best = Math.max(best, COMMON_WORDS.has(w) ? 1 : Math.min(w.length, 8) + 1);
  return best + Math.max(0, words.length - 1);
}

/** A choice of required literals is as telling as its least telling member. */
function score(literals: Literals): number {
  if (!literals || literals.length === 0) return -1;
  let min = Infinity;
  for (const l of literals) min = Math.min(min, rarity(l));
  return min * 1000 - literals.length;
}

function better(a: Literals, b: Literals): Literals {
  return score(b) > score(a) ? b : a;
}

/** Every alternative must offer required literals; the union of them is required. */
function ofAlternatives(alternatives: readonly AST.Alternative[]): Literals {
  const all = new Set<string>();
  for (const alternative of alternatives) {
    const literals = ofSequence(alternative.elements);
    if (!literals) return null;
    for (const l of literals) all.add(l);
  }
  return [...all];
}

/** A run of plain characters is one literal; each group or repeated part is required on its own. */
function ofSequence(elements: readonly Element[]): Literals {
  let best: Literals = null;
  let run = "";
  const endRun = () => {
    if (run) best = better(best, [run]);
    run = "";
  };
  for (const e of elements) {
    const char = plainCharacter(e);
    if (char !== null) {
      run += char;
      continue;
    }
    endRun();
    best = better(best, ofElement(e));
  }
  endRun();
  return best;
}

/** The one character an element always matches, or null. */
function plainCharacter(e: Element): string | null {
  if (e.type === "Character") return String.fromCodePoint(e.value);
  if (e.type === "CharacterClass" && !e.negate && e.elements.length === 1 && e.elements[0].type === "Character")
    return String.fromCodePoint(e.elements[0].value);
  return null;
}

function ofElement(e: Element): Literals {
  if (e.type === "Group" || e.type === "CapturingGroup") return ofAlternatives(e.alternatives);
  if (e.type === "Quantifier" && e.min >= 1) return ofSequence([e.element]);
  // Assertions (\b, lookarounds) match no text; classes, sets and optional parts require no literal.
  return null;
}

const PARSER = new RegExpParser({ ecmaVersion: 2025 });

/**
 * Literal strings one of which every match of the pattern contains, or null when none can be named (then the
 * rule is always scanned). Lookarounds add nothing: they are not part of the match's text.
 */
export function requiredLiterals(source: string, flags = ""): string[] | null {
  if (/i/.test(flags)) return null;
  const literals = ofAlternatives(PARSER.parsePattern(source).alternatives);
  return score(literals) > 0 ? literals : null;
}

/**
 * Which of a list of patterns can match a text, found in one pass. Patterns with no required literal always can.
 */
export class RuleGate {
  private readonly always: number[] = [];
  /** Automaton: transitions per state over a small alphabet (one class per character used by a literal, 0 else). */
  private readonly classes = new Map<number, number>();
  private readonly bmpClass = new Uint16Array(0x10000);
  private readonly next: Int32Array;
  private readonly width: number;
  /** Patterns whose literal ends in each state (through the suffix links too), or null. */
  private readonly outputs: (Int32Array | null)[];
  readonly size: number;

  constructor(patterns: readonly { source: string; flags?: string }[]) {
    this.size = patterns.length;
    const goto: Map<number, number>[] = [new Map()];
    const ends: Set<number>[] = [new Set()];
    patterns.forEach((p, index) => {
      const literals = requiredLiterals(p.source, p.flags);
      if (!literals) {
        this.always.push(index);
        return;
      }
      for (const literal of literals) {
        let state = 0;
        for (const ch of literal) {
          const code = ch.codePointAt(0)!;
          let c = this.classes.get(code);
          if (c === undefined) this.classes.set(code, (c = this.classes.size + 1));
          let to = goto[state].get(c);
          if (to === undefined) {
            to = goto.length;
            goto.push(new Map());
            ends.push(new Set());
            goto[state].set(c, to);
          }
          state = to;
        }
        ends[state].add(index);
      }
    });

    // Breadth-first: suffix links, outputs merged along them, and a full transition table.
    this.width = this.classes.size + 1;
    const states = goto.length;
    const next = new Int32Array(states * this.width);
    const fail = new Int32Array(states);
    const queue: number[] = [];
    for (let c = 0; c < this.width; c++) {
      const to = goto[0].get(c);
      if (to !== undefined) {
        next[c] = to;
        queue.push(to);
      }
    }
    for (let head = 0; head < queue.length; head++) {
      const s = queue[head];
      for (const i of ends[fail[s]]) ends[s].add(i);
      for (let c = 0; c < this.width; c++) {
        const to = goto[s].get(c);
        if (to === undefined) next[s * this.width + c] = next[fail[s] * this.width + c];
        else {
          fail[to] = next[fail[s] * this.width + c];
          next[s * this.width + c] = to;
          queue.push(to);
        }
      }
    }
    for (const [code, c] of this.classes) if (code <= 0xffff) this.bmpClass[code] = c;
    this.next = next;
    this.outputs = ends.map((e) => (e.size ? Int32Array.from(e) : null));
  }

  /** Per pattern, whether it can match `text` (1) or surely cannot (0). */
  open(text: string): Uint8Array {
    const open = new Uint8Array(this.size);
    for (const i of this.always) open[i] = 1;
    const { classes, bmpClass, next, width, outputs } = this;
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      let c = bmpClass[unit];
      if (unit >= 0xd800 && unit <= 0xdbff) {
        const code = text.codePointAt(i)!;
        if (code > 0xffff) {
          c = classes.get(code) ?? 0;
          i++;
        }
      }
      state = next[state * width + c];
      const out = outputs[state];
      if (out) for (let k = 0; k < out.length; k++) open[out[k]] = 1;
    }
    return open;
  }

  /** How many patterns are always scanned (no required literal could be named). */
  get ungated(): number {
    return this.always.length;
  }
}
