import "server-only";
import { vaderCompound } from "./vader";

/**
 * Sentence sentiment for the offline analyzer. VADER (lexicon, negation, intensifiers, capitals,
 * exclamation marks) scores each clause; the rules here add what it does not cover in journal prose:
 * contrast that lets the end of a thought weigh more ("although", "turned out", "at least"), understatement
 * ("not the worst", "not bad at all"), life events that carry their own weight (a death, a job offer),
 * and cues of loneliness, exhaustion and anxiety that its lexicon lacks.
 */

export interface LifeEvent {
  re: RegExp;
  /** -1..1 */
  valence: number;
  /** Emotion the event usually brings. */
  emotion: string;
  /** Theme it belongs to. */
  theme: string;
}

/** A negation just before a phrase: at most two words between, and no "and"/"but"/"then" in them. */
const NEG_BEFORE =
  /\b(?:not|never|no|didn't|didnt|did not|don't|doesn't|wasn't|weren't|won't|haven't|hasn't|hadn't|couldn't|can't|cannot|without|nobody)\b(?:\s+(?!and\b|but\b|then\b|so\b)[\w']+){0,2}\s*$/i;

/** Life events, heavy and good. A negation just before one ("didn't get the job") turns it around. */
export const LIFE_EVENTS: readonly LifeEvent[] = [
  {
    re: /\b(?:laid off|lost (?:my|his|her|their|our) job|(?:got|been|was|were|am|being) (?:fired|sacked|let go)|made redundant|my role is going|redundanc(?:y|ies)|contract (?:won't|will not|isn't|is not) (?:be )?renewed)\b/i,
    valence: -0.85,
    emotion: "sad",
    theme: "work",
  },
  {
    re: /\b(?:passed away|died|has died|funeral|lost (?:my|our) (?:mum|mom|dad|father|mother|gran|grandma|grandpa|grandad|brother|sister|son|daughter|husband|wife|friend|baby)|since (?:\w+ ){0,2}died|miscarriage|stillborn)\b/i,
    valence: -0.9,
    emotion: "grieving",
    theme: "grief",
  },
  {
    re: /\b(?:(?:had to be|was|were|been|get) put (?:down|to sleep)|had to (?:put|have) (?:him|her|them|\w+) (?:down|put down|put to sleep)|didn't come home|(?:tumou?r|cancer) (?:has )?spread)\b/i,
    valence: -0.85,
    emotion: "grieving",
    theme: "pets",
  },
  {
    re: /\b(?:(?:cancer|tumou?r|lump) (?:is|has come|came) back|relapsed?|diagnosed with|diagnosis of|found a lump|biopsy(?! (?:was|were|came back|results? (?:was|were|came back)) (?:benign|clear|fine|normal|negative))|the treatment isn't working|(?:it's|it is) cancer)\b/i,
    valence: -0.75,
    emotion: "anxious",
    theme: "health",
  },
  {
    re: /\b(?:broke up|broken up|break-?up|split up|ended things|dumped me|divorce|(?<!after (?:a |an |the )?(?:very |really |so )?(?:long |short |brief |hard |painful )?)separat(?:ed|ion)|been cheating|cheated on)\b/i,
    valence: -0.8,
    emotion: "sad",
    theme: "relationship",
  },
  {
    re: /\b(?:failed (?:my|the|his|her|our) (?:\w+ )?(?:exam|test|module|course|interview)|failed (?:again|it)|didn't make (?:the|it)|rejected from|didn't get (?:the|a|my) (?:job|promotion|place|offer|role)|(?:got|was) rejected)\b/i,
    valence: -0.7,
    emotion: "sad",
    theme: "learning",
  },
  {
    re: /\b(?:in debt|(?:the|that) debt(?! is (?:gone|paid|cleared))|debts|overdraft|bailiffs?|can't (?:pay|afford) (?:the )?(?:rent|bills?)|(?:got|been) scammed)\b/i,
    valence: -0.65,
    emotion: "anxious",
    theme: "money",
  },
  {
    re: /\b(?:(?:was|were|got|been) (?:stolen|robbed|mugged|burgled)|stole (?:my|our)|broke into|break-in|burglary)\b/i,
    valence: -0.7,
    emotion: "angry",
    theme: "home",
  },
  {
    re: /\b(?:(?:best )?friend|mentor|sister|brother|neighbour) (?:is|are|'s) (?:moving|leaving)\b|\bour last (?:coffee|day|evening)\b/i,
    valence: -0.5,
    emotion: "sad",
    theme: "friends",
  },
  { re: /\bpanic attack/i, valence: -0.7, emotion: "anxious", theme: "health" },
  {
    re: /\b(?:got|we're|we are|are|am|i'm|just got) engaged\b|\b(?:she|he) said yes\b|\bproposed\b/i,
    valence: 0.9,
    emotion: "excited",
    theme: "relationship",
  },
  {
    re: /\b(?:got a (?:pay )?rise|got a raise|negotiated a raise|job offer|offered me the (?:job|role|position)|got the (?:job|role|part|place)|(?:got|been given) a promotion|(?:got|was) promoted|signed (?:my|the) (?:first )?contract as)\b/i,
    valence: 0.85,
    emotion: "excited",
    theme: "work",
  },
  {
    re: /\b(?:(?:was|were) born|gave birth|new baby|newborn|met (?:my|our) (?:new )?(?:baby|nephew|niece|grandson|granddaughter|grandchild)|(?:is|she's|i'm|we're) pregnant|first steps)\b/i,
    valence: 0.85,
    emotion: "happy",
    theme: "family",
  },
  {
    re: /\b(?:we adopted|adopted (?:a|an|our)|brought (?:her|him) home from the shelter)\b/i,
    valence: 0.8,
    emotion: "happy",
    theme: "pets",
  },
  {
    re: /\b(?:(?:days|weeks|months|years) sober|sober (?:for|today|since)|(?:biopsy|scan|tests?|results?|lump|mole) (?:was|were|came back|is|are) (?:benign|clear|fine|normal|negative)|all clear|came back clear|in remission|cancer-?free|fully recovered|on the mend|recovery is going (?:well|great)|healing (?:well|faster))\b/i,
    valence: 0.8,
    emotion: "relieved",
    theme: "health",
  },
  {
    re: /\b(?:made up(?! (?:my mind|a story|an excuse|for|of|\w+ mind))|reconcil(?:ed|iation)|spoke for the first time since|said (?:he's|she's|they're) sorry|patched things up)\b/i,
    valence: 0.55,
    emotion: "hopeful",
    theme: "relationship",
  },
  {
    re: /\b(?:graduated|graduation|passed (?:my|the|his|her) (?:\w+ )?(?:exam|test|course|module|driving)|passed with|got a distinction|got into (?:my|his|her) first choice|(?:was|been|got) accepted (?:onto|into|to))\b/i,
    valence: 0.8,
    emotion: "proud",
    theme: "learning",
  },
  { re: /\b(?:paid off (?:the|my)|got the keys)\b/i, valence: 0.7, emotion: "happy", theme: "money" },
  {
    re: /\b(?:reunited|reunion|after (?:a |an |the )?(?:very |really |so )?(?:long |short |brief |hard |painful )?(?:separation|time apart|absence)|(?:saw|seeing|see|hugged|held) (?:him|her|them) again)\b/i,
    valence: 0.7,
    emotion: "loving",
    theme: "relationship",
  },
];

/** Understatement and hedged phrases: their meaning is not the sum of their words. */
const HEDGES: readonly { re: RegExp; valence: number }[] = [
  {
    re: /\b(?:feel|feeling|felt|feels) like (?:a |such a )?(?:failure|fraud|burden|loser|mess|idiot|outsider|disappointment)\b|\bpretending (?:i'm|i am|to be|everything is) (?:fine|ok|okay|happy|alright)\b|\b(?:so |really )?tired of\b|\b(?:doesn't|didn't|don't|does not|no longer) recogni[sz]e\b/gi,
    valence: -0.8,
  },
  {
    re: /\bsome (?:\w+ ){0,2}\w+, (?:some|most|others) (?:not|weren't|less so|pointless|useless|\w+less)\b/gi,
    valence: 0,
  },
  {
    re: /\b(?:haven't left the (?:house|flat|bed)|can't find the (?:energy|motivation)|can't keep up|piling (?:things|work|it) on|needs? (?:some )?space|what that means for us|is a nightmare|was a nightmare|(?:is|was) hell)\b/gi,
    valence: -0.55,
  },
  {
    re: /\b(?:like no time had passed|(?:had|having) the time of (?:his|her|my|our|their|your) li(?:fe|ves))\b/gi,
    valence: 0.65,
  },
  {
    re: /\b(?:hate myself|hating myself|(?:angry|furious|disappointed) (?:at|with|in) myself|ashamed of myself|(?:feel(?:ing)?|felt) (?:really |so |very )?(?:low|hopeless|worthless|empty)|(?:feels?|felt|is|seems) (?:so )?(?:pointless|hopeless)|forgot my birthday|not even a (?:text|call|message))\b/gi,
    valence: -0.7,
  },
  { re: /\b(?:made my (?:day|week|month|year))\b/gi, valence: 0.7 },
  { re: /\b(?:over nothing|no reason|just because)\b/gi, valence: 0 },
  {
    re: /\b(?:(?:feel like )?i don't belong|pretend(?:ing)? to be busy|(?:don't|doesn't) know (?:what to do|if it will get better)|none of us know|can't live alone|nobody (?:showed up|came|turned up)|(?:fell|had a fall) again)\b/gi,
    valence: -0.6,
  },
  { re: /\b(?:like being a kid again|(?:days|moments) like this remind me|remind(?:s|ed)? me why)\b/gi, valence: 0.6 },
  { re: /\b(?:as expected|delayed (?:by )?(?:\w+ )?minutes)\b/gi, valence: 0 },
  {
    re: /\b(?:gutted|got nowhere|on hold for (?:hours|ages)|(?:gave|given) (?:the|my) (?:job|promotion|role|place) to)\b/gi,
    valence: -0.6,
  },
  { re: /\b(?:if i (?:like|love|enjoy) it|too early to tell)\b/gi, valence: 0 },
  { re: /\blost \d+\s*[-–]\s*\d+\b/gi, valence: -0.15 },
  { re: /\bwon \d+\s*[-–]\s*\d+\b/gi, valence: 0.35 },
  {
    re: /\bnothing (?:great|special|good|much),? (?:and )?nothing (?:terrible|bad|awful)\b|\bnothing (?:terrible|bad),? (?:and )?nothing (?:great|special|good)\b/gi,
    valence: 0,
  },
  { re: /\bnot (?:too |that |so |half |as )?bad at all\b|\bnot terrible at all\b/gi, valence: 0.55 },
  { re: /\bcouldn't have asked for (?:a )?better\b|\bcan't complain\b(?! too much)/gi, valence: 0.6 },
  { re: /\bnot (?:gonna|going to) lie,?\s*/gi, valence: 0 },
  { re: /\b(?:wasn't|was not|isn't|is not|not) (?:too |that |so |half |as )?(?:bad|terrible|awful)\b/gi, valence: 0.3 },
  { re: /\bnot (?:the )?worst\b|\bcould(?:'ve| have) been worse\b|\bcan't complain too much\b/gi, valence: 0.1 },
  {
    re: /\bnot (?:the )?best\b|\bnot (?:great|brilliant|amazing|ideal)\b|\bnot (?:so|that|too|very) (?:good|great)\b|\bwouldn't say i loved\b/gi,
    valence: -0.1,
  },
  {
    re: /\bnot (?:a |the )?(?:great|good|best|bad|terrible|awful|worst)\b[^.]{0,30}\bnot (?:a |the )?(?:great|good|best|bad|terrible|awful|worst)\b/gi,
    valence: 0,
  },
  { re: /\bno (?:phone|signal|laptop|alarm|plans?|rush|screens?|emails?)\b/gi, valence: 0.2 },
  {
    re: /\b(?:without a cigarette|(?:days|weeks|months) (?:sober|smoke-free|without a drink)|(?:they're|it's|getting) (?:weaker|easier|better))\b/gi,
    valence: 0.45,
  },
  {
    re: /\b(?:fine|okay|ok|all right|alright|normal|usual|nothing special|same as always|manageable|honestly|really|actually|nothing to report|useful enough|could be worse)\b/gi,
    valence: 0.04,
  },
  {
    re: /\b(?:(?:hurts?|ached?|aching|sore) from laugh\w*|laughed until|(?:we|i) didn't care|regret nothing|s[iau]ng\w* badly|lovely chaos|like us again|myself again|went by like|nobody tore it apart|proud of it|dirt under my nails|i needed that)\b/gi,
    valence: 0.5,
  },
  {
    re: /\b(?:like an idiot|crazy (?:week|day)|(?:'s|his|her|my|their) care|too much food|way too late)\b/gi,
    valence: 0,
  },
  { re: /\b(?:flu (?:jab|shot)|(?:covid |flu )?(?:vaccine|jab|booster)|check-?up|blood test)\b/gi, valence: 0 },
  {
    re: /\b(?:alarm|block|blood pressure|clean(?:ed|ing)?|rest it|lazy|pretty much|kind of|sort of|not sure|(?:smells?|looks?|sounds?|seems?|tastes?) like|like(?= a | an | the | us | ten | it | that | this | \w+ minutes))\b/gi,
    valence: 0,
  },
  {
    re: /\b(?:feels? like (?:a )?chores?|not much (?:sense of )?progress|(?:i )?know nothing|can't say no)\b/gi,
    valence: -0.35,
  },
  { re: /\b(?:feel|feels|felt|feeling) like\b/gi, valence: 0 },
  {
    re: /\b(?:fixed it|(?:all|it's|that's|got it|now) sorted|resolved|back to normal|made it in time)\b/gi,
    valence: 0.2,
  },
  { re: /\bsorted(?: out)?\b/gi, valence: 0 },
  {
    re: /\bnot bad,? not great\b|\bnot great,? not terrible\b|\bnot good,? not bad\b|\bnot bad,? not good\b/gi,
    valence: 0,
  },
];

/** Words and phrases of feeling that the lexicon scores too weakly or not at all, on -1..1. */
const CUES: readonly { re: RegExp; valence: number }[] = [
  {
    re: /\b(?:drained|exhausted|shattered|knackered|burnt out|burned out|worn out|running on fumes|no energy|nothing left|wiped out|can't keep (?:doing|going)|can't face it)\b/gi,
    valence: -0.5,
  },
  {
    re: /\b(?:lonely|so alone|all alone|on my own again|alone again|nobody (?:texted|called|talked|remembered|asked)|no one (?:texted|called|talked|remembered|asked)|ate (?:dinner )?alone|cooked for one|without talking to (?:a single person|anyone)|more alone)\b/gi,
    valence: -0.55,
  },
  {
    re: /\b(?:anxious|on edge|dread(?:ing)?|panick(?:ing|ed)|heart racing|chest (?:has been |was |is )?tight|can't stop (?:thinking|worrying)|couldn't sleep|can't sleep|insomnia|lay awake|stomach drops|feel sick|out of my depth|nervous|a wreck)\b/gi,
    valence: -0.45,
  },
  {
    re: /\b(?:cried|crying|in tears|heartbroken|broke my heart|empty|so quiet|the silence|in silence|miss (?:him|her|them|you)|i miss|used to love|feels? like (?:a )?chores?|moved on without me|outsider|never felt more alone|on my own|miles away|forgot my birthday|(?:won't|doesn't|didn't|hasn't|haven't) (?:answer|reply|replied|call|called|text|texted)|nobody (?:even )?(?:said sorry|noticed|talked|remembered)|gave up|nowhere near|haven't told anyone|falling out|took credit|wasn't invited|(?:don't|didn't) enjoy|(?:wasn't|not) fun|shouted at|(?:not|wasn't) my fault|took (?:his|her|their) side|row with|criticis\w+|can't sit still|in hospital|chest pains?|worries me|longer hours|off sick|relentless|(?:until|till|at|since) [1-5](?::\d\d)? ?am|towed|with chest|flood(?:ing|ed)|closure|^unbelievable|the wrong person|doesn't feel like nothing|let (?:\w+ )?people go|messaging (?:his|her) ex|restructure)\b/gi,
    valence: -0.45,
  },
  { re: /\b(?:grey|gray|gloomy|dark by (?:four|five|\d))\b/gi, valence: -0.2 },
  { re: /\b(?:fed up|livid|furious|sick of|had enough|want to scream|waste of)\b/gi, valence: -0.5 },
  {
    re: /\b(?:painless|relieved|relief|phew|rested|at peace|settled|steady|clear-headed|myself again|buzzing|hooked|made it|proud|grinning|over the moon|thrilled|bliss|can't wait|counting the days|worth it|so glad|glad i went)\b/gi,
    valence: 0.45,
  },
  {
    re: /\b(?:(?:debt|pain|worry|fear|dread) is (?:gone|over)|no more (?:debt|pain)|no regrets|(?:very )?treatable|benign|nothing serious|good news|exactly what i (?:wanted|needed)|what i needed|regret nothing|paying off|i did it|it clicked|something is shifting|feels doable|went (?:well|to plan)|(?:is|are) working|kind of lovely|(?:feels?|felt) lighter|new person|i'll keep that|can't believe it|(?:finally )?booked (?:the|a|our|my) (?:flights?|holiday|trip|tickets?|honeymoon)|signed up for|laughed|laughing|lazy (?:sunday|morning|day)|got (?:two|three|a) callbacks?|glowing|scored|went back|planning to go back)\b/gi,
    valence: 0.45,
  },
  {
    re: /\b(?:treated myself|first time in (?:months|weeks|years|ages)|best (?:night|day|run|present|time|weekend)|one of the best|lovely|cosy|cozy|pure joy)\b/gi,
    valence: 0.4,
  },
];

/** A clause with its weight: the clause that ends a contrast weighs more. */
interface Clause {
  text: string;
  weight: number;
}

const CONTRAST_AFTER =
  /,\s*still\b|(?:,\s*|\s+)(?:but|however|yet|though(?=,)|then again|in the end|luckily|thankfully|fortunately|unfortunately|sadly|although|even though)\b|\b(?:it |that |which )?turned out\b|\bended up\b/gi;
const ANTICIPATION =
  /\b(?:dread(?:ed|ing)?|nervous|worried|terrified|scared|sure i'd|thought i'd|convinced|almost cancelled|expected the worst|afraid)\b/i;
const LEADING_CONCESSION = /^\s*(?:although|though|even though|despite|while|whilst)\b/i;

/** Splits a sentence at contrast markers; each later part weighs more than the one before it. */
export function clausesOf(sentence: string): Clause[] {
  const parts: string[] = [];
  let last = 0;
  for (const m of sentence.matchAll(CONTRAST_AFTER)) {
    if (m.index === undefined || m.index === 0) continue;
    parts.push(sentence.slice(last, m.index));
    last = m.index;
  }
  parts.push(sentence.slice(last));
  const clauses = parts.map((text) => ({ text, weight: 1 }));
  if (clauses.length > 1) {
    // A fear that came to nothing ("I was dreading it, but...") hardly counts once the thought turns.
    clauses.forEach((c, i) => (c.weight = i === clauses.length - 1 ? 1.5 : ANTICIPATION.test(c.text) ? 0.15 : 0.5));
    // "..., even though ..." concedes: the clause before it is the main one.
    clauses.forEach((c, i) => {
      if (i > 0 && /^\s*,?\s*(?:although|even though)\b/i.test(c.text)) {
        c.weight = 0.6;
        clauses[i - 1].weight = 1.4;
      }
    });
  } else if (LEADING_CONCESSION.test(sentence)) {
    const comma = sentence.indexOf(",");
    if (comma > 0)
      return [
        { text: sentence.slice(0, comma), weight: 0.6 },
        { text: sentence.slice(comma + 1), weight: 1.4 },
      ];
  }
  // "at least ..." softens what came before it.
  const out: Clause[] = [];
  for (const c of clauses) {
    const i = c.text.search(/\bat least\b/i);
    if (i > 0) {
      out.push({ text: c.text.slice(0, i), weight: c.weight * 0.5 });
      out.push({ text: c.text.slice(i), weight: c.weight });
    } else out.push(c);
  }
  return out;
}

export function vaderScore(text: string): number {
  if (!/[\p{L}]/u.test(text)) return 0;
  return vaderCompound(text);
}

/** Whether the last clauseScore call met an understatement or hedge, and VADER's score of the rest of it (read by sentenceMood). */
let hedgedNow = false;
let lexiconNow = 0;

/** Score of one clause on -1..1 (0 when it carries no feeling), with the event it names, if any. */
export function clauseScore(text: string): number {
  const extra: number[] = [];
  // Cues and hedges are scored here and taken out of what the lexicon reads, so nothing counts twice
  // (and "never felt more alone" is not read as a negated "alone").
  let rest = text;
  for (const h of HEDGES) {
    rest = rest.replace(h.re, () => {
      if (h.valence !== 0) extra.push(h.valence);
      hedgedNow = true;
      return " ";
    });
  }
  for (const c of CUES) {
    rest = rest.replace(c.re, (m: string, ...args: unknown[]) => {
      const at = args.find((a) => typeof a === "number") as number;
      const whole = args.find((a) => typeof a === "string") as string;
      const before = whole.slice(Math.max(0, at - 30), at);
      const intensifier = /\bnever (?:felt|been|was|had)\s*(?:so|more|this)?\s*$/i.test(before);
      extra.push(
        NEG_BEFORE.test(before) &&
          !intensifier &&
          !/^(?:no|not|never|nobody|didn't|don't|won't|wasn't|haven't|hasn't|can't)\b/i.test(m)
          ? -c.valence * 0.5
          : c.valence,
      );
      return " ";
    });
  }
  const v = vaderScore(rest);
  lexiconNow = v;
  const scores = v !== 0 ? [v, ...extra] : extra;
  if (!scores.length) return 0;
  // "a bit sore", "slightly annoying": a diminisher halves the feeling.
  const dim = /\b(?:a (?:bit|little)|slightly|somewhat|mildly|a touch)\b/i.test(text) ? 0.5 : 1;
  const mean = (dim * scores.reduce((a, b) => a + b, 0)) / scores.length;
  // Several cues pointing the same way say more than one.
  const boost = Math.min(0.25, 0.08 * (scores.filter((s) => Math.sign(s) === Math.sign(mean) && s !== 0).length - 1));
  return Math.max(-1, Math.min(1, mean + Math.sign(mean) * boost));
}

export interface SentenceMood {
  text: string;
  /** -1..1 */
  score: number;
  events: LifeEvent[];
  /** An understatement or hedged phrase was read ("not bad at all", "not great, not terrible"). */
  hedged?: boolean;
  /** VADER's own score of the sentence's clauses (without the phrases the rules read), weighted like them. */
  lexicon?: number;
}

/** Life events named in a sentence, with negated ones turned around. */
export function eventsIn(sentence: string): LifeEvent[] {
  const out: LifeEvent[] = [];
  for (const e of LIFE_EVENTS) {
    const m = e.re.exec(sentence);
    if (!m) continue;
    const before = sentence.slice(Math.max(0, m.index - 30), m.index);
    out.push(
      NEG_BEFORE.test(before) && !/\bnot (?:the )?only\b/i.test(before)
        ? { ...e, valence: -e.valence * 0.7, emotion: e.valence > 0 ? "disappointed" : "relieved" }
        : e,
    );
  }
  return out;
}

export function sentenceMood(text: string): SentenceMood {
  const clauses = clausesOf(text);
  let sum = 0;
  let weights = 0;
  let hedged = false;
  let lexicon = 0;
  let lexiconWeights = 0;
  clauses.forEach((c, i) => {
    hedgedNow = false;
    lexiconNow = 0;
    let s = clauseScore(c.text);
    lexicon += lexiconNow * c.weight;
    lexiconWeights += c.weight;
    // Understatement that carries feeling ("not bad at all") or cancels it ("not great, not terrible").
    if (hedgedNow && /\b(?:not|no|nothing|wasn't|isn't|couldn't|can't)\b/i.test(c.text)) hedged = true;
    // "At least ..." offers a silver lining even in plain words ("at least I can bend my knee").
    if (/^\s*,?\s*at least\b/i.test(c.text) && s < 0.3) s = 0.3;
    // A turn to plain facts ("it broke, but they fixed it the same day") still moves the weight off the start.
    if (s === 0 && !(i > 0 && i === clauses.length - 1 && clauses.length > 1)) return;
    sum += s * c.weight;
    weights += c.weight;
  });
  let score = weights ? sum / weights : 0;
  // Journal exclamations without a word of feeling are mostly news the writer is glad of.
  if (score === 0 && /!/.test(text) && !/\b(?:no|not|never|why|ugh|again)\b/i.test(text)) score = 0.35;
  if (score === 0 && /\b(?:finally|at last)\b/i.test(text)) score = 0.3;
  const events = eventsIn(text);
  if (events.length) {
    const ev = events.reduce((a, e) => a + e.valence, 0) / events.length;
    // An event sets the direction; the words around it shade it.
    score =
      Math.sign(score) === Math.sign(ev)
        ? Math.max(Math.abs(ev), Math.abs(score)) * Math.sign(ev)
        : 0.8 * ev + 0.2 * score;
  }
  return {
    text,
    score: Math.max(-1, Math.min(1, score)),
    events,
    hedged,
    lexicon: lexiconWeights ? lexicon / lexiconWeights : 0,
  };
}

/**
 * The entry's sentiment on -1..1 from its sentences: those that carry feeling count, later ones a little
 * more (the end of an entry is where the day landed), and those naming a life event twice as much.
 */
export function documentSentiment(sentences: readonly SentenceMood[]): number {
  const n = sentences.length;
  let sum = 0;
  let weights = 0;
  sentences.forEach((s, i) => {
    if (Math.abs(s.score) < 0.05) return;
    // The person's own word for how they feel ("I feel awful") says more than what happened around it.
    const own =
      /\b(?:i|i'm|i am|i've been|i was|i felt|i feel|feeling)\b[^.]{0,20}\b(?:feel|felt|am|was|'m|so|really|completely|totally)\b/i.test(
        s.text,
      ) || /^i (?:feel|felt)\b/i.test(s.text);
    // The closing line is where the writer lands ("Exactly what I needed.", "Unbelievable.").
    const closing = n > 1 && i === n - 1 ? 1.6 : 1;
    const w = (1 + (n > 1 ? (0.6 * i) / (n - 1) : 0)) * (s.events.length ? 2.5 : 1) * (own ? 1.8 : 1) * closing;
    sum += s.score * w;
    weights += w;
  });
  if (!weights) return 0;
  const mean = sum / weights;
  // Feeling in only a small share of a long factual entry is damped.
  const loaded = sentences.filter((s) => Math.abs(s.score) >= 0.05).length;
  const share = loaded / n;
  // A day the writer calls mixed is read as such.
  const mixed = sentences.some((s) =>
    /\bmixed (?:bag|day|feelings)\b|\bups and downs\b|\bswings and roundabouts\b/i.test(s.text),
  )
    ? 0.3
    : 1;
  const damp =
    loaded === 1 && n >= 4 && Math.abs(mean) < 0.5 ? 0.4 : share >= 0.34 || loaded >= 3 ? 1 : 0.75 + 0.75 * share;
  return mixed * mean * damp;
}

/** Score -> 1..10, so that the bands of src/domain/mood.ts fall at these sentiment thresholds. */
export const POSITIVE_FROM = 0.21;
export const NEGATIVE_BELOW = -0.22;

export function moodFromSentiment(s: number): number {
  const x = Math.max(-1, Math.min(1, s));
  if (x >= POSITIVE_FROM) return Math.min(10, 7 + Math.floor(((x - POSITIVE_FROM) / (1 - POSITIVE_FROM)) * 3.999));
  if (x <= NEGATIVE_BELOW) return Math.max(1, 3 - Math.floor(((NEGATIVE_BELOW - x) / (1 + NEGATIVE_BELOW)) * 2.999));
  // 4, 5 or 6 across the neutral span.
  return 4 + Math.min(2, Math.floor(((x - NEGATIVE_BELOW) / (POSITIVE_FROM - NEGATIVE_BELOW)) * 3));
}
