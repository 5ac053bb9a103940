import { z } from "zod";
import {
  MAX_MEMORY_FACT_CHARS,
  MAX_MEMORY_PROPOSALS,
  MAX_MEMORY_SOURCE_CHARS,
  MEMORY_SOURCES,
  normalizeFact,
  type MemorySource,
} from "@/domain/memory";
import { alias, list, modelOutput } from "./model-output";

const FactTextSchema = z
  .string({ message: "text must be text" })
  .max(MAX_MEMORY_FACT_CHARS * 4, `A fact is at most ${MAX_MEMORY_FACT_CHARS} characters.`)
  .transform(normalizeFact)
  .refine((s) => s.length > 0, "A fact needs some words.")
  .refine((s) => [...s].length <= MAX_MEMORY_FACT_CHARS, `A fact is at most ${MAX_MEMORY_FACT_CHARS} characters.`);

const SourceSchema = z.enum(MEMORY_SOURCES, { message: `source must be one of ${MEMORY_SOURCES.join(", ")}` });

/** POST /api/memory: a fact the person confirmed (from a proposal) or wrote. */
export const MemoryFactCreateSchema = z.object({
  text: FactTextSchema,
  source: SourceSchema.default("manual"),
});
export type MemoryFactCreateInput = z.input<typeof MemoryFactCreateSchema>;

/** PUT /api/memory/{id}: the fact's new words. */
export const MemoryFactUpdateSchema = z.object({ text: FactTextSchema });
export type MemoryFactUpdateInput = z.input<typeof MemoryFactUpdateSchema>;

/** PUT /api/memory/settings: memory on or off (off: nothing is proposed or sent; the facts stay until deleted). */
export const MemorySettingsSchema = z.object({
  enabled: z.boolean({ message: "enabled must be true or false" }),
});

/** POST /api/memory/propose: facts proposed from a message or an entry, to confirm or not. */
export const MemoryProposeSchema = z.object({
  text: z
    .string({ message: "text must be text" })
    .max(MAX_MEMORY_SOURCE_CHARS, `text must be at most ${MAX_MEMORY_SOURCE_CHARS} characters`),
  source: z.enum(["chat", "entry"], { message: "source must be chat or entry" }),
});

export interface MemoryFactDto {
  id: string;
  text: string;
  source: MemorySource;
  created_at: string;
  updated_at: string;
}

export interface MemoryDto {
  enabled: boolean;
  facts: MemoryFactDto[];
  max_facts: number;
}

/** propose-memory: short facts about the person, in the second person, proposed for the person to confirm. */
export const MemoryProposalSchema = modelOutput({
  facts: alias(list({ maxItems: MAX_MEMORY_PROPOSALS, maxLen: MAX_MEMORY_FACT_CHARS }), "memory", "memories"),
});
export type MemoryProposalDto = z.output<typeof MemoryProposalSchema>;

export interface MemoryProposalsDto {
  /** Facts to confirm; empty when memory is off or nothing new was found. */
  proposals: string[];
  /** Who proposed them: the configured model, or the built-in patterns. */
  model: string;
}

/** A fact in an export (journal.json "memory"). */
export const ExportedMemoryFactSchema = z.object({
  text: FactTextSchema,
  source: SourceSchema.catch("manual"),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type ExportedMemoryFact = z.input<typeof ExportedMemoryFactSchema>;
