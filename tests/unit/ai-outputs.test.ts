import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  AI_TASK_OUTPUTS,
  AudioTranscriptionSchema,
  ConversationSummarySchema,
  GrowthInsightsSchema,
  SupportSchema,
  TextAnalysisSchema,
} from "@/contracts/ai";
import { outputFields, readModelOutput } from "@/contracts/model-output";
import { outputsTable, withOutputsTable } from "@/server/ai/output-docs";
import { outputJsonSchema } from "@/server/ai/structured";

const README = path.resolve(import.meta.dirname, "../../src/server/ai/README.md");

describe("one schema per AI task output", () => {
  it("the README's table of outputs is the one the schemas give (npm run docs:ai rewrites it)", () => {
    const readme = readFileSync(README, "utf8");
    expect(withOutputsTable(readme)).toBe(readme);
    const table = outputsTable();
    for (const [task, schema] of Object.entries(AI_TASK_OUTPUTS)) {
      for (const field of Object.keys(outputFields(schema))) expect(table).toContain(`| \`${task}\` | \`${field}\` |`);
    }
  });

  it("there are eleven tasks, and the model is asked for every field of each, without defaults", () => {
    expect(Object.keys(AI_TASK_OUTPUTS)).toHaveLength(11);
    for (const schema of Object.values(AI_TASK_OUTPUTS)) {
      const json = outputJsonSchema(schema) as { required: string[]; properties: Record<string, unknown> };
      expect(json.required).toEqual(Object.keys(outputFields(schema)));
      expect(JSON.stringify(json)).not.toMatch(/"default"|"minItems"/u);
    }
  });

  it("asks for the mood as a whole number 1-10, a confidence 0-1 or null, and growth categories from the list", () => {
    const text = outputJsonSchema(TextAnalysisSchema) as any;
    expect(text.properties.mood_score).toEqual({ type: "integer", minimum: 1, maximum: 10 });
    expect(text.additionalProperties).toBe(false);
    expect((outputJsonSchema(AudioTranscriptionSchema) as any).properties.confidence).toEqual({
      anyOf: [{ type: "number", minimum: 0, maximum: 1 }, { type: "null" }],
    });
    const growth = outputJsonSchema(GrowthInsightsSchema) as any;
    expect(growth.properties.actionable_outcomes.items.properties.category.enum).toEqual([
      "emotional",
      "behavioral",
      "mindset",
      "relationship",
    ]);
    expect(growth.properties.actionable_outcomes.items.required).toEqual([
      "title",
      "description",
      "timeframe",
      "category",
    ]);
  });
});

describe("the lenient reader of a model's answer", () => {
  it("reads other key spellings and names, cleans lists and tags, clamps the mood", () => {
    const r = readModelOutput(TextAnalysisSchema, {
      "Mood Score": "12 out of 10",
      Emotion: "  Calm ",
      summary: "A quiet day.",
      themes: "Work, Family; Rest",
      tags: ["#Work", "work", "Travel Plans"],
      questions: "1. What helped?\n2. What next?",
    });
    expect(r).toEqual({
      ok: true,
      value: {
        mood_score: 10,
        primary_emotion: "calm",
        themes: ["work", "family", "rest"],
        summary: "A quiet day.",
        suggested_tags: ["work", "travel plans"],
        follow_up_questions: ["What helped?", "What next?"],
      },
    });
  });

  it("lists every required field that is missing, and nothing for optional ones", () => {
    expect(readModelOutput(SupportSchema, { affirmation: "You did well.", phrases: [] })).toEqual({
      ok: false,
      issues: [
        "motivational_phrases is empty",
        "evening_suggestions is empty",
        "tomorrow_suggestions is empty",
        "gentle_reminder is missing",
      ],
    });
    expect(readModelOutput(TextAnalysisSchema, "not an object")).toEqual({
      ok: false,
      issues: ["the answer is not a JSON object"],
    });
  });

  it("fills the spec's defaults of a conversation summary when tags are empty or the mood unreadable", () => {
    expect(readModelOutput(ConversationSummarySchema, { content: "We talked.", tags: [], mood: "unknown" })).toEqual({
      ok: true,
      value: { title: "Chat Reflection", content: "We talked.", mood_score: 5, tags: ["chat", "reflection"] },
    });
  });

  it("reads a percentage confidence, and keeps an empty transcription", () => {
    expect(readModelOutput(AudioTranscriptionSchema, { transcript: "  hello  ", confidence: "87%" })).toEqual({
      ok: true,
      value: { transcription: "hello", confidence: 0.87 },
    });
    expect(readModelOutput(AudioTranscriptionSchema, { text: "", confidence: "n/a" })).toEqual({
      ok: true,
      value: { transcription: "", confidence: null },
    });
  });

  it("leaves out unusable growth outcomes and maps categories", () => {
    const r = readModelOutput(GrowthInsightsSchema, {
      actionableOutcomes: [
        { title: "Walk", description: "Ten minutes after lunch", category: "Social life" },
        { title: "No description" },
        "junk",
      ],
      summary: "Steady weeks.",
    });
    expect(r).toEqual({
      ok: true,
      value: {
        actionable_outcomes: [
          { title: "Walk", description: "Ten minutes after lunch", timeframe: "This week", category: "relationship" },
        ],
        strengths_identified: [],
        growth_areas: [],
        growth_summary: "Steady weeks.",
      },
    });
    expect(
      readModelOutput(GrowthInsightsSchema, { actionable_outcomes: [{ title: "x" }], growth_summary: "s" }),
    ).toEqual({
      ok: false,
      issues: ["actionable_outcomes needs at least one item with title and description"],
    });
  });
});
