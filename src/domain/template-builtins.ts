/**
 * The built-in templates (data, read by the server when it writes them on first use): kept apart from the
 * template rules in templates.ts, which the editor loads, so their words stay out of the editor's first load.
 */
export interface BuiltInTemplate {
  key: string;
  name: string;
  body: string;
  prompts: readonly string[];
}

export const BUILT_IN_TEMPLATES: readonly BuiltInTemplate[] = [
  {
    key: "morning-pages",
    name: "Morning pages",
    body: "*Write without stopping and without judging. Nobody will read this but you.*",
    prompts: [
      "What is on my mind this morning?",
      "How did I sleep, and how does my body feel?",
      "What would make today feel good enough?",
    ],
  },
  {
    key: "evening-reflection",
    name: "Evening reflection",
    body: "",
    prompts: [
      "What happened today that I want to remember?",
      "What was hard, and how did I get through it?",
      "What am I proud of, even a little?",
      "What can I let go of before I sleep?",
    ],
  },
  {
    key: "gratitude",
    name: "Gratitude (three things)",
    body: "**Three things I am grateful for today**",
    prompts: [
      "1. Something small that went well:",
      "2. Someone I am glad to have in my life:",
      "3. Something about myself I can appreciate:",
    ],
  },
  {
    key: "thought-record",
    name: "Thought record",
    body: "*A calm look at one thought that weighed on me. There are no wrong answers.*",
    prompts: [
      "**Situation:** What happened? Where was I, and who was there?",
      "**Feeling:** What did I feel, and how strongly (0 to 100)?",
      "**Thought:** What went through my mind?",
      "**Evidence for:** What makes this thought seem true?",
      "**Evidence against:** What does not fit with it?",
      "**A kinder view:** What would I say to a friend who thought this?",
    ],
  },
  {
    key: "weekly-review",
    name: "Weekly review",
    body: "**Looking back at my week**",
    prompts: [
      "What went well this week?",
      "What was difficult, and what did it teach me?",
      "Who or what gave me energy, and what drained it?",
      "What do I want to carry into next week?",
      "One thing I will do for myself next week:",
    ],
  },
  {
    key: "hard-day",
    name: "A hard day",
    body: "*It is all right that today was hard. Write as much or as little as you like.*",
    prompts: ["**What happened:**", "**What I need right now:**", "**One small kind thing I can do for myself:**"],
  },
];

export const builtInTemplate = (key: string | null | undefined): BuiltInTemplate | undefined =>
  key ? BUILT_IN_TEMPLATES.find((t) => t.key === key) : undefined;
