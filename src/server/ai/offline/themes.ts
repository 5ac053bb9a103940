import "server-only";
import { SUGGESTED_TAGS } from "@/domain/constants";
import { EMOTION_WORDS, type EmotionWord, type MoodBand } from "@/domain/mood";
import type { TextFeatures } from "./nlp";

/**
 * Themes, suggested tags and the primary emotion of a text, from its lemmas. A theme is named when words
 * about it appear (a lemma list per theme); specific nouns of the text follow. A suggested tag from the
 * spec's 20 is given only when its theme is there, never from a time word alone ("tonight" is not
 * "evening").
 */

export const THEME_CUES: Record<string, readonly string[]> = {
  work: [
    "work",
    "job",
    "office",
    "boss",
    "manager",
    "meeting",
    "deadline",
    "project",
    "colleague",
    "coworker",
    "career",
    "client",
    "shift",
    "email",
    "inbox",
    "promotion",
    "interview",
    "team",
    "presentation",
    "report",
    "workshop",
    "conference",
    "company",
    "contract",
    "payroll",
    "customer",
    "supervisor",
    "review",
    "redundancy",
    "hr",
    "workload",
    "desk",
    "invoice",
    "spreadsheet",
    "supplier",
    "audit",
    "training",
    "standup",
    "release",
    "department",
    "director",
    "raise",
    "salary",
    "appraisal",
    "mentor",
    "career",
    "laptop",
    "minutes",
    "board",
    "code",
    "bug",
  ],
  family: [
    "family",
    "mom",
    "mum",
    "mother",
    "dad",
    "father",
    "sister",
    "brother",
    "son",
    "daughter",
    "kid",
    "child",
    "children",
    "parent",
    "grandma",
    "gran",
    "grandmother",
    "grandfather",
    "grandpa",
    "grandad",
    "granny",
    "nan",
    "aunt",
    "uncle",
    "cousin",
    "niece",
    "nephew",
    "in-laws",
    "toddler",
    "baby",
    "auntie",
    "husband",
    "wife",
  ],
  friends: ["friend", "friendship", "buddy", "mate", "pal", "crew", "reunion", "party", "lads", "girls"],
  relationship: [
    "partner",
    "boyfriend",
    "girlfriend",
    "relationship",
    "date",
    "anniversary",
    "ex",
    "engaged",
    "engagement",
    "wedding",
    "divorce",
    "marriage",
    "fiance",
    "fiancee",
    "breakup",
  ],
  health: [
    "health",
    "doctor",
    "gp",
    "sick",
    "ill",
    "illness",
    "flu",
    "cold",
    "therapy",
    "therapist",
    "medicine",
    "medication",
    "hospital",
    "headache",
    "migraine",
    "pain",
    "physio",
    "surgery",
    "operation",
    "scan",
    "test",
    "diagnosis",
    "dentist",
    "nurse",
    "injury",
    "knee",
    "ankle",
    "back",
    "blood",
    "pressure",
    "diabetes",
    "cancer",
    "tumour",
    "lump",
    "biopsy",
    "treatment",
    "recovery",
    "symptom",
    "panic",
    "cigarette",
    "smoking",
    "pharmacy",
    "jab",
    "glasses",
    "optician",
    "check-up",
    "appointment",
  ],
  sleep: ["sleep", "slept", "insomnia", "nap", "tired", "rest", "awake", "alarm", "dream", "bedtime"],
  exercise: [
    "exercise",
    "run",
    "running",
    "ran",
    "gym",
    "workout",
    "yoga",
    "hike",
    "hiking",
    "swim",
    "swimming",
    "bike",
    "cycle",
    "cycling",
    "training",
    "walk",
    "marathon",
    "10k",
    "football",
    "five-a-side",
    "lengths",
    "steps",
    "pilates",
    "climbing",
    "tennis",
    "sport",
  ],
  food: [
    "food",
    "dinner",
    "lunch",
    "breakfast",
    "brunch",
    "meal",
    "cook",
    "cooking",
    "recipe",
    "restaurant",
    "cake",
    "pizza",
    "curry",
    "soup",
    "ramen",
    "pasta",
    "lasagne",
    "roast",
    "takeaway",
    "bake",
    "baking",
    "dal",
    "rice",
    "pancake",
    "feast",
    "sandwich",
    "snack",
  ],
  travel: [
    "travel",
    "trip",
    "flight",
    "vacation",
    "holiday",
    "journey",
    "airport",
    "hotel",
    "abroad",
    "passport",
    "train",
    "road",
    "cottage",
    "coast",
    "beach",
    "city",
    "drive",
    "visit",
    "tour",
    "cruise",
  ],
  home: [
    "home",
    "house",
    "flat",
    "apartment",
    "landlord",
    "boiler",
    "kitchen",
    "garden",
    "neighbour",
    "neighbor",
    "rent",
    "move",
    "moving",
    "sofa",
    "room",
    "builder",
    "plumber",
    "laundry",
    "cleaning",
    "clean",
    "keys",
    "deposit",
    "lease",
    "council",
    "wardrobe",
    "shelf",
    "bins",
  ],
  money: [
    "money",
    "debt",
    "bank",
    "overdraft",
    "rent",
    "bill",
    "budget",
    "savings",
    "saving",
    "tax",
    "loan",
    "mortgage",
    "salary",
    "afford",
    "credit",
    "insurance",
    "pay",
    "price",
    "cost",
    "scam",
  ],
  pets: ["dog", "cat", "puppy", "kitten", "pet", "vet", "rabbit", "hamster", "horse", "bird", "walkies"],
  learning: [
    "learn",
    "learning",
    "study",
    "studying",
    "course",
    "class",
    "lesson",
    "school",
    "university",
    "college",
    "exam",
    "revision",
    "lecture",
    "seminar",
    "homework",
    "assignment",
    "thesis",
    "dissertation",
    "degree",
    "module",
    "bootcamp",
    "library",
    "textbook",
    "spanish",
    "french",
    "language",
    "test",
    "grade",
    "teacher",
    "master",
  ],
  creative: [
    "creative",
    "art",
    "draw",
    "drawing",
    "paint",
    "painting",
    "music",
    "design",
    "poem",
    "song",
    "novel",
    "quilt",
    "band",
    "gig",
    "gallery",
    "print",
    "pottery",
    "photography",
    "sketch",
    "story",
    "craft",
  ],
  hobby: [
    "hobby",
    "guitar",
    "piano",
    "game",
    "games",
    "knitting",
    "gardening",
    "model",
    "puzzle",
    "chess",
    "fishing",
    "restore",
    "repotting",
    "karaoke",
    "concert",
    "board",
  ],
  nature: [
    "nature",
    "lake",
    "river",
    "sea",
    "forest",
    "woods",
    "hill",
    "hills",
    "mountain",
    "park",
    "canal",
    "cliff",
    "stars",
    "sunset",
    "sunrise",
    "heron",
    "birds",
    "camping",
  ],
  weather: [
    "weather",
    "rain",
    "rainy",
    "sun",
    "sunny",
    "sunshine",
    "snow",
    "storm",
    "cloud",
    "wind",
    "windy",
    "drizzle",
    "cold",
    "warm",
    "hot",
    "heat",
    "grey",
  ],
  grief: ["grief", "funeral", "died", "death", "passed", "loss", "mourning", "memorial", "grave", "anniversary"],
  reading: ["book", "novel", "read", "reading", "chapter", "library"],
  gratitude: ["grateful", "thankful", "gratitude", "appreciate", "blessed", "lucky"],
  goals: ["goal", "plan", "resolution", "ambition", "target", "habit"],
  reflection: ["reflect", "reflection", "journal", "thinking"],
};

/** Which of the spec's tags a theme stands for. */
const TAG_OF_THEME: Record<string, (typeof SUGGESTED_TAGS)[number] | undefined> = {
  work: "work",
  family: "family",
  friends: "friends",
  health: "health",
  sleep: "health",
  exercise: "exercise",
  food: "food",
  travel: "travel",
  learning: "learning",
  creative: "creative",
  hobby: "hobby",
  weather: "weather",
  gratitude: "gratitude",
  goals: "goals",
  reflection: "reflection",
  relationship: "personal",
  reading: "hobby",
};

/** Words that tie a text to a time-of-day or weekend tag by themselves. */
const TIME_TAGS: Record<"morning" | "evening" | "weekend", readonly string[]> = {
  morning: ["morning", "sunrise", "breakfast"],
  evening: ["evening", "sunset"],
  weekend: ["weekend", "saturday", "sunday"],
};

/** Some cue words belong to a theme only beside others (a "test" is an exam or a blood test). */
const WEAK_CUES = new Set([
  "pet",
  "storm",
  "lunch",
  "dinner",
  "breakfast",
  "meal",
  "snack",
  "sandwich",
  "test",
  "board",
  "model",
  "train",
  "drive",
  "visit",
  "move",
  "clean",
  "back",
  "cold",
  "warm",
  "hot",
  "grey",
  "pay",
  "rest",
  "review",
  "code",
  "training",
  "minutes",
  "read",
  "release",
  "date",
  "ex",
  "anniversary",
  "passed",
  "steps",
  "road",
  "city",
  "room",
  "home",
  "walk",
  "thinking",
  "plan",
  "story",
  "print",
  "game",
  "pressure",
  "blood",
  "appointment",
]);

export interface ThemeHit {
  theme: string;
  hits: number;
  first: number;
}

/** Themes by number of cue words (ties: first seen first). A theme of only weak cues needs two. */
export function themeHits(f: TextFeatures): ThemeHit[] {
  const out = new Map<string, { hits: number; strong: number; first: number }>();
  const words = f.tokens.map((t) => t.lemma);
  const forms = f.tokens.map((t) => t.normal);
  for (const [theme, cues] of Object.entries(THEME_CUES)) {
    const set = new Set(cues);
    words.forEach((lemma, i) => {
      const hit = set.has(lemma) ? lemma : set.has(forms[i]) ? forms[i] : null;
      if (!hit) return;
      const h = out.get(theme) ?? { hits: 0, strong: 0, first: i };
      h.hits++;
      if (!WEAK_CUES.has(hit)) h.strong++;
      out.set(theme, h);
    });
  }
  for (const e of f.events) {
    const h = out.get(e.theme) ?? { hits: 0, strong: 0, first: 0 };
    h.hits += 2;
    h.strong += 2;
    out.set(e.theme, h);
  }
  return [...out.entries()]
    .filter(([, h]) => h.strong > 0 || h.hits >= 2)
    .map(([theme, h]) => ({ theme, hits: h.hits, first: h.first }))
    .sort((a, b) => b.hits - a.hits || a.first - b.first);
}

/**
 * Themes are topics a person would name: those of the curated lexicon (THEME_CUES) that the text is about, then
 * the people and places it names ("sam", "lisbon"). Other nouns of the text are never themes.
 */
export function themesOf(f: TextFeatures, max = 5): string[] {
  const out: string[] = [];
  for (const h of themeHits(f)) if (!out.includes(h.theme)) out.push(h.theme);
  const named = new Map<string, number>();
  for (const t of f.tokens)
    if (t.name && !KNOWN_RELATIVES.has(t.normal) && /^[a-z][a-z'-]+$/.test(t.normal))
      named.set(t.normal, (named.get(t.normal) ?? 0) + 1);
  const names = [...named.entries()].sort((a, b) => b[1] - a[1]).map(([n]) => n);
  for (const n of names) if (out.length < max && !out.includes(n)) out.push(n);
  return out.slice(0, max);
}

/** Family words written like names ("Mum", "Gran") are the family theme, not a person of their own. */
const KNOWN_RELATIVES = new Set(["mum", "dad", "mom", "gran", "grandma", "grandpa", "grandad", "nan", "granny"]);

export function suggestedTagsOf(f: TextFeatures, themes: readonly string[]): string[] {
  const out: string[] = [];
  for (const t of themes) {
    const tag = TAG_OF_THEME[t];
    if (tag && !out.includes(tag)) out.push(tag);
  }
  const words = new Set(f.tokens.map((t) => t.lemma));
  for (const [tag, cues] of Object.entries(TIME_TAGS))
    if (cues.some((c) => words.has(c)) && !out.includes(tag)) out.push(tag);
  if (
    /\b(?:got (?:so much|loads|a lot) done|productive|ticked off|finished (?:the|my) (?:report|project|list))\b/i.test(
      f.text,
    ) &&
    !out.includes("productive")
  )
    out.push("productive");
  // A specific subject the text is about, as a free tag, after the spec's.
  const specific = themes.find(
    (t) =>
      t in THEME_CUES &&
      !TAG_OF_THEME[t] &&
      t !== "nature" &&
      t !== "grief" &&
      t !== "home" &&
      t !== "money" &&
      t !== "pets",
  );
  const extra = themes.filter((t) => ["pets", "money", "home", "nature"].includes(t));
  for (const t of [...extra, ...(specific ? [specific] : [])]) if (!out.includes(t)) out.push(t);
  return out.slice(0, 5);
}

export const POSITIVE_EMOTIONS = EMOTION_WORDS.positive;
export const NEGATIVE_EMOTIONS = EMOTION_WORDS.negative;
export const NEUTRAL_EMOTIONS = EMOTION_WORDS.neutral;
export const EMOTIONS = [...POSITIVE_EMOTIONS, ...NEUTRAL_EMOTIONS, ...NEGATIVE_EMOTIONS] as const;

/** The model's 27 emotions (and neutral) in the product's words. */
export const EMOTION_OF_LABEL: Record<string, EmotionWord> = {
  admiration: "inspired",
  amusement: "amused",
  approval: "content",
  caring: "loving",
  desire: "hopeful",
  excitement: "excited",
  gratitude: "grateful",
  joy: "happy",
  love: "loving",
  optimism: "hopeful",
  pride: "proud",
  relief: "relieved",
  anger: "angry",
  annoyance: "frustrated",
  disappointment: "disappointed",
  disapproval: "frustrated",
  disgust: "angry",
  embarrassment: "embarrassed",
  fear: "afraid",
  grief: "grieving",
  nervousness: "anxious",
  remorse: "guilty",
  sadness: "sad",
  confusion: "confused",
  curiosity: "curious",
  realization: "reflective",
  surprise: "surprised",
  neutral: "neutral",
};

/** Words that name a feeling outright (the model has no label for calm, lonely or tired). */
const EMOTION_CUES: Partial<Record<EmotionWord, RegExp>> = {
  grateful:
    /\b(?:grateful|thankful|gratitude|appreciate|blessed|lucky|kind(?:ness)?|so touched|owe (?:her|him|them)|good people|thank)\b/gi,
  excited:
    /\b(?:excited|exciting|thrilled|eager|can't wait|counting the days|buzzing|can't believe|!!|booked|engaged|said yes|job offer|pregnant|launch(?:ed)?)\b/gi,
  proud:
    /\b(?:proud|accomplished|achievement|achieve|managed to|finally (?:understood|finished|did)|did it|passed|distinction|first (?:10k|time)|without stopping|negotiated|won|merit)\b/gi,
  hopeful:
    /\b(?:hope|hopeful|optimistic|way forward|something is shifting|early days|maybe we can|see where this goes|feel good about|getting better|a plan)\b/gi,
  calm: /\b(?:calm|peaceful|peace|relaxed|relax|serene|quiet head|completely still|steady|settled|slower|gentle|rested|no phone|went quiet|lighter|unwind|cosy|cozy)\b/gi,
  happy:
    /\b(?:happy|joy|joyful|glad|delighted|wonderful|great|laugh(?:ed|ing)?|fun|perfect|lovely|best|amazing|brilliant|bliss)\b/gi,
  relieved:
    /\b(?:relief|relieved|phew|came back clear|all clear|let (?:it|my breath) out|can (?:finally )?breathe)\b/gi,
  loving: /\b(?:love|loved|adore|my heart|cuddle|hug(?:ged)?|holding hands)\b/gi,
  amused: /\b(?:funny|hilarious|giggl\w+|laughed until|cracked up|made me laugh)\b/gi,
  anxious:
    /\b(?:anxious|anxiety|worry|worried|worrying|nervous|stress|stressed|stressful|panic\w*|dread\w*|on edge|can't stop thinking|racing|tight|out of my depth|a wreck|what if)\b/gi,
  afraid: /\b(?:afraid|scared|scares?|scary|fear|frightened|terrified|terrifying)\b/gi,
  angry:
    /\b(?:angry|anger|furious|mad|livid|scream|unbelievable|(?<!in )a row with|huge row|had a row|shout\w*|yell\w*|blaming|took credit|stole|stolen|hung up)\b/gi,
  frustrated: /\b(?:annoyed|annoying|frustrat\w+|irritated|fed up|so done|waste of|still hasn't|still no)\b/gi,
  disappointed: /\b(?:disappoint\w*|let down|stings|cancelled on|didn't get)\b/gi,
  embarrassed: /\b(?:embarrass\w*|mortified|humiliat\w+|cringe|swallow me)\b/gi,
  guilty: /\b(?:guilty|guilt|ashamed|regret|apologi[sz]e|should have|shouldn't have|not happy with how)\b/gi,
  grieving: /\b(?:grief|grieving|funeral|passed away|died|memorial|grave|since we lost|since (?:he|she) died)\b/gi,
  lonely:
    /\b(?:lonely|loneliness|alone|on my own|by myself|nobody|no one|wasn't invited|outsider|singles table|cooked for one|dinner for one|miss (?:him|her))\b/gi,
  tired:
    /\b(?:tired|exhausted|exhausting|drained|sleepy|fatigue|burn(?:t|ed) out|burnout|shattered|worn out|no energy|fumes|relentless|zombie|aches)\b/gi,
  sad: /\b(?:sad|cry|cried|crying|miss|depressed|heartbroken|hurts?|lost|empty|tears|awful)\b/gi,
  curious: /\b(?:curious|wonder(?:ing)?|find out|fascinat\w+|apparently)\b/gi,
  surprised: /\b(?:surpris\w+|didn't expect|out of nowhere|saw that coming|shock\w*)\b/gi,
  confused: /\b(?:confus\w+|don't understand|no idea why|not sure what)\b/gi,
  reflective: /\b(?:thinking about|thought about|looking back|realis\w+|realiz\w+|reflect\w*)\b/gi,
};

function countCues(text: string, re: RegExp): number {
  let n = 0;
  for (const m of text.matchAll(re)) {
    const before = text.slice(Math.max(0, (m.index ?? 0) - 12), m.index);
    if (!/\b(?:not|n't|never|no)\s+(?:\w+\s+)?$/i.test(before)) n++;
  }
  return n;
}

/** The model's chance of each product emotion word over the entry: its whole text and its feeling sentences. */
export function emotionChances(f: TextFeatures): Map<string, number> {
  const out = new Map<string, number>();
  const add = (probs: Record<string, number>, w: number) => {
    for (const [label, p] of Object.entries(probs)) {
      const word = EMOTION_OF_LABEL[label];
      if (word) out.set(word, (out.get(word) ?? 0) + p * w);
    }
  };
  add(f.emotions.probs, 0.5);
  let total = 0;
  for (const s of f.sentences) total += 1 - s.emotions.neutral;
  if (total > 0) for (const s of f.sentences) add(s.emotions.probs, (0.5 * (1 - s.emotions.neutral)) / total);
  else add(f.emotions.probs, 0.5);
  return out;
}

/**
 * The primary emotion: among the words of the band, the one the model gives the most chance to, with words that
 * name the feeling outright and life events (their own emotion) adding to it; a band's default when nothing
 * points anywhere (happy, neutral, sad).
 */
export function primaryEmotion(f: TextFeatures, band: MoodBand): string {
  return emotionDetail(f, band).emotion;
}

/** The primary emotion and whether the text points at it (false: only the band's default). */
export function emotionDetail(f: TextFeatures, band: MoodBand): { emotion: string; cued: boolean } {
  const allowed: readonly string[] = EMOTION_WORDS[band];
  const chances = emotionChances(f);
  const scores = new Map<string, number>();
  for (const e of allowed) {
    const re = EMOTION_CUES[e as EmotionWord];
    scores.set(e, (chances.get(e) ?? 0) + (re ? 0.25 * Math.min(3, countCues(f.text, re)) : 0));
  }
  for (const ev of f.events) if (scores.has(ev.emotion)) scores.set(ev.emotion, (scores.get(ev.emotion) ?? 0) + 0.6);
  if (band === "neutral") {
    // Plain "neutral" wins unless a curious, surprised, confused or reflective reading stands out.
    let best = "neutral";
    let bestN = 0.3;
    for (const e of allowed) {
      if (e === "neutral") continue;
      const n = scores.get(e) ?? 0;
      if (n > bestN) {
        best = e;
        bestN = n;
      }
    }
    return { emotion: best, cued: best !== "neutral" };
  }
  let best: string | undefined;
  let bestN = 0.08;
  for (const e of allowed) {
    const n = scores.get(e) ?? 0;
    if (n > bestN) {
      best = e;
      bestN = n;
    }
  }
  if (best) return { emotion: best, cued: true };
  return { emotion: band === "positive" ? "happy" : "sad", cued: false };
}
