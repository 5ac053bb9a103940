/**
 * A labelled recall set: a synthetic journal of two years (deterministic: a seeded generator, no clock),
 * with questions and the entries that answer them. Memorable events are written once each, in the
 * person's words; the questions ask for them in other words (other forms of the same word, synonyms,
 * times, moods), among everyday entries that share many of the same words.
 */

export interface RecallSetEntry {
  key: string;
  content: string;
  title?: string;
  tags?: string[];
  created_at: string;
  mood?: number;
}

export interface RecallQuestion {
  question: string;
  /** Keys of the entries that answer it. */
  answers: string[];
}

/** "Now" for the questions: Friday 27 November 2026, noon UTC. */
export const RECALL_NOW = new Date("2026-11-27T12:00:00Z");
export const RECALL_TZ = "UTC";

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Memorable events: [key, date (UTC day), text, mood, questions]. */
const EVENTS: [string, string, string, number, string[]][] = [
  [
    "lido",
    "2026-07-14",
    "Swam forty lengths at the lido before work. The water was freezing but I felt alive.",
    8,
    ["When did I last go swimming?", "the time I did laps in the outdoor pool"],
  ],
  [
    "dog",
    "2025-05-03",
    "We adopted a puppy from the shelter today, a scruffy terrier we named Biscuit.",
    9,
    ["When did we get our dog?", "adopting Biscuit"],
  ],
  [
    "dentist",
    "2025-02-11",
    "Root canal at the dentist. Two hours in the chair and my jaw still aches.",
    3,
    ["When did I have tooth trouble?", "dental appointment that hurt"],
  ],
  [
    "promotion",
    "2025-09-18",
    "My manager told me I got the promotion to senior designer. Celebrated with cake in the office.",
    9,
    ["When was I promoted at work?", "new job title at the design team"],
  ],
  [
    "grandma",
    "2025-11-02",
    "Grandma passed away this morning. I keep thinking about her garden and her laugh.",
    1,
    ["When did my grandmother die?", "losing Grandma"],
  ],
  [
    "lisbon",
    "2026-04-22",
    "First day in Lisbon: trams, custard tarts and the view from the Alfama hills.",
    9,
    ["What did I write about the trip to Portugal?", "pastel de nata holiday"],
  ],
  [
    "marathon",
    "2026-10-04",
    "Finished my first marathon in four hours twelve minutes. Legs destroyed, heart full.",
    10,
    ["When did I run 42 kilometres?", "finishing the marathon race"],
  ],
  [
    "flu",
    "2025-01-20",
    "Down with the flu, fever all night, could not get out of bed.",
    2,
    ["When was I ill with a fever?", "being sick in bed"],
  ],
  [
    "breakup",
    "2025-06-29",
    "Alex and I broke up tonight. It was calm, but I cried on the bus home.",
    2,
    ["When did Alex and I split up?", "end of my relationship"],
  ],
  [
    "moving",
    "2025-08-09",
    "Moving day. Carried boxes up four flights of stairs to the new flat on Elm Street.",
    6,
    ["When did I move house?", "relocating to the new apartment"],
  ],
  [
    "guitar",
    "2025-03-15",
    "Bought a second-hand acoustic guitar and learned three chords.",
    7,
    ["When did I start learning an instrument?", "playing guitar for the first time"],
  ],
  [
    "wedding",
    "2026-06-13",
    "Maya's wedding in the orchard. I gave a speech and nobody fell asleep.",
    9,
    ["What happened at my friend's wedding?", "my speech at Maya's marriage"],
  ],
  [
    "burnout",
    "2026-02-05",
    "Completely burnt out. Stared at my laptop for an hour and could not write a single line.",
    2,
    ["When was I exhausted by work?", "feeling burned out at my desk"],
  ],
  [
    "therapy",
    "2025-10-07",
    "First session with the new therapist. She asked about my father and I froze.",
    4,
    ["When did I start seeing a counsellor?", "my first therapy appointment"],
  ],
  [
    "snow",
    "2026-01-08",
    "Snowed all day. Built a snowman with the neighbours' kids and drank hot chocolate.",
    8,
    ["What did I do on the snowy day?", "building a snowman"],
  ],
  [
    "bike",
    "2025-07-21",
    "Someone stole my bike from outside the station. Filed a police report.",
    3,
    ["When was my bicycle stolen?", "theft at the train station"],
  ],
  [
    "sister-baby",
    "2026-03-02",
    "My sister had her baby, a little girl called Rose. I am an aunt!",
    10,
    ["When was my niece born?", "becoming an aunt"],
  ],
  [
    "camping",
    "2025-08-23",
    "Camping by the lake. The tent leaked but the stars were unreal.",
    8,
    ["When did I sleep outdoors in a tent?", "the camping trip by the water"],
  ],
  [
    "exam",
    "2025-12-12",
    "Passed the driving test on my second attempt!",
    9,
    ["When did I get my driving licence?", "passing my driving exam"],
  ],
  [
    "car-crash",
    "2026-05-19",
    "A minor car accident on the ring road. Nobody hurt, but I shook for hours.",
    3,
    ["When did I have a collision in the car?", "the crash on the ring road"],
  ],
  [
    "pottery",
    "2026-09-09",
    "Pottery class: my bowl collapsed on the wheel twice, then finally held.",
    7,
    ["What about the ceramics course?", "making a clay bowl"],
  ],
  [
    "insomnia",
    "2026-08-03",
    "Could not sleep again. Awake at 4am going over every conversation of the week.",
    3,
    ["When did I have trouble sleeping?", "lying awake at night"],
  ],
  [
    "concert",
    "2025-04-26",
    "Saw Radiohead live. Sang until my voice gave out.",
    9,
    ["When did I go to a gig?", "the Radiohead show"],
  ],
  [
    "garden",
    "2026-05-02",
    "Planted tomatoes, basil and courgettes on the allotment.",
    7,
    ["When did I sow vegetables?", "planting the vegetable plot"],
  ],
  [
    "argument-mum",
    "2025-12-25",
    "Christmas dinner ended in an argument with Mum about my career.",
    3,
    ["When did I fight with my mother?", "the row at Christmas"],
  ],
  [
    "volunteer",
    "2026-02-21",
    "Volunteered at the food bank, sorting tins for four hours.",
    7,
    ["When did I help at the charity?", "volunteering with food donations"],
  ],
  [
    "laid-off",
    "2026-07-30",
    "Half of the team was laid off today. I kept my job but it feels awful.",
    3,
    ["When were there redundancies at work?", "colleagues losing their jobs"],
  ],
  [
    "paris",
    "2025-10-24",
    "Weekend in Paris with Sam: the Louvre, too much cheese, rain on the Seine.",
    8,
    ["What did I write about France?", "the city break with Sam"],
  ],
  [
    "birthday-30",
    "2026-03-28",
    "Turned thirty. Friends threw a surprise party with a piñata.",
    9,
    ["How did I celebrate my 30th?", "the surprise birthday party"],
  ],
  [
    "panic",
    "2025-09-02",
    "Had a panic attack on the underground. Heart racing, could not breathe.",
    1,
    ["When did I have an anxiety attack?", "panicking on the tube"],
  ],
  [
    "quit-smoking",
    "2025-01-05",
    "Day one without cigarettes. Chewing gum like my life depends on it.",
    5,
    ["When did I stop smoking?", "giving up cigarettes"],
  ],
  [
    "hike",
    "2026-08-16",
    "Hiked up Snowdon in the fog. Saw nothing at the summit, loved it anyway.",
    8,
    ["When did I climb a mountain?", "walking up to the peak in Wales"],
  ],
  [
    "book-club",
    "2025-11-19",
    "Hosted book club. We argued about the ending of the novel for an hour.",
    7,
    ["When did the reading group meet at mine?", "discussing the novel with the book club"],
  ],
  [
    "flood",
    "2026-01-27",
    "The kitchen flooded from a burst pipe. Plumber came at midnight.",
    2,
    ["When did the house have a water leak?", "the burst pipe"],
  ],
  [
    "award",
    "2026-11-12",
    "Our project won the regional design award. I went on stage to collect it.",
    10,
    ["When did we win a prize?", "collecting the award on stage"],
  ],
  [
    "cat-vet",
    "2026-06-30",
    "Took Biscuit to the vet: a thorn in his paw, he was very brave.",
    6,
    ["When did the dog need the vet?", "Biscuit's hurt paw"],
  ],
  [
    "dad-call",
    "2026-10-20",
    "Long phone call with Dad. He finally said he was proud of me.",
    9,
    ["When did my father tell me he was proud?", "the talk with Dad"],
  ],
  [
    "lonely",
    "2026-09-27",
    "Sunday alone in the flat. Nobody called. I felt invisible.",
    2,
    ["When did I feel lonely?", "isolated on a weekend"],
  ],
  [
    "sourdough",
    "2025-04-05",
    "Baked my first sourdough loaf. Dense, but edible.",
    7,
    ["When did I bake bread?", "making a sourdough loaf"],
  ],
  [
    "interview",
    "2025-06-10",
    "Job interview at the agency. Stumbled on the portfolio question.",
    4,
    ["How did my job interview go?", "applying to the agency"],
  ],
  [
    "festival",
    "2025-07-05",
    "Music festival in the mud, danced until 2am with Priya.",
    9,
    ["When did I go to a music festival?", "dancing with Priya"],
  ],
  [
    "surgery",
    "2026-04-02",
    "Knee operation went well. On crutches for two weeks.",
    4,
    ["When did I have surgery?", "the operation on my knee"],
  ],
  [
    "meditation",
    "2026-01-15",
    "Started meditating ten minutes each morning with an app.",
    6,
    ["When did I begin mindfulness practice?", "starting to meditate"],
  ],
  [
    "power-cut",
    "2025-02-27",
    "Power cut all evening. Read by candlelight and it was oddly peaceful.",
    6,
    ["When did the electricity go out?", "reading by candles"],
  ],
  [
    "rome-fail",
    "2025-09-28",
    "Our flight to Rome was cancelled. Spent the night at the airport.",
    2,
    ["When was my flight cancelled?", "stuck at the airport"],
  ],
  [
    "raise",
    "2026-03-10",
    "Negotiated a raise: ten percent more salary from April.",
    8,
    ["When did I get a pay rise?", "more money at work"],
  ],
  [
    "first-date",
    "2026-05-29",
    "First date with Jordan at the climbing wall. We laughed the whole time.",
    9,
    ["When did I meet Jordan?", "the date at the bouldering gym"],
  ],
  [
    "anniversary",
    "2026-11-20",
    "Six months with Jordan. Cooked him a risotto and it actually worked.",
    9,
    ["What did I cook for Jordan?", "our six month anniversary"],
  ],
  [
    "storm",
    "2025-11-28",
    "Storm brought down the fence and the old apple tree.",
    3,
    ["When did the wind knock the tree over?", "the gale damaging the garden"],
  ],
  [
    "scuba",
    "2025-06-21",
    "Scuba diving in Cornwall: saw a seal underwater!",
    10,
    ["When did I go diving?", "seeing a seal in the sea"],
  ],
];

const FILLER = [
  "Long day at work, meetings back to back, answered emails until seven.",
  "Groceries, laundry and a quiet evening with a series on the sofa.",
  "Went for a walk in the park at lunch, then more work.",
  "Cooked pasta and called Sam for a while. Tired but fine.",
  "Rainy day. Worked from home and made soup.",
  "Gym in the morning, felt slow. Office was noisy.",
  "Nothing much happened. Read a few chapters of my book before bed.",
  "Cleaned the flat and paid the bills. Felt a bit flat all day.",
  "Coffee with a colleague, talked about the project deadline.",
  "Sunny afternoon, sat in the garden with a cup of tea.",
  "Busy at work, a tricky client call, then pizza at home.",
  "Slept badly, headache most of the day, early night.",
];

/** The journal (about 240 entries over two years) and the questions with their answers. */
export function recallSet(): { entries: RecallSetEntry[]; questions: RecallQuestion[] } {
  const random = rng(27);
  const entries: RecallSetEntry[] = [];
  const events = EVENTS;
  for (const [key, day, content, mood] of events)
    entries.push({ key, content, created_at: `${day}T19:00:00.000Z`, mood });
  // Everyday entries every three days or so, from 1 December 2024 to 26 November 2026.
  const start = Date.UTC(2024, 11, 1, 20);
  const end = Date.UTC(2026, 10, 26, 20);
  let i = 0;
  for (let t = start; t < end; t += Math.round((2 + random() * 2) * 86_400_000)) {
    const text = FILLER[Math.floor(random() * FILLER.length)];
    entries.push({
      key: `filler-${i++}`,
      content: text,
      created_at: new Date(t).toISOString(),
      mood: 4 + Math.floor(random() * 3),
    });
  }
  const questions: RecallQuestion[] = [];
  for (const [key, , , , qs] of events) for (const q of qs) questions.push({ question: q, answers: [key] });
  // Questions about time and mood.
  questions.push(
    { question: "When was I happiest this year?", answers: ["sister-baby", "marathon", "award"] },
    { question: "What was my worst day last year?", answers: ["grandma", "panic"] },
    { question: "What did I write in April 2026?", answers: ["lisbon", "surgery"] },
    { question: "When was I happiest last winter?", answers: ["snow"] },
    { question: "when did I last feel sad?", answers: ["lonely"] },
  );
  return { entries, questions };
}

/** Recall@k of one question: the share of its answers (at most k) among the first k entries found. */
export function recallAtK(found: readonly string[], answers: readonly string[], k = 5): number {
  const top = new Set(found.slice(0, k));
  const hits = answers.filter((a) => top.has(a)).length;
  return hits / Math.min(answers.length, k);
}
