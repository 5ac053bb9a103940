import { z } from "zod";
import {
  MAX_TEMPLATE_BODY,
  MAX_TEMPLATE_NAME,
  MAX_TEMPLATE_PROMPT,
  MAX_TEMPLATE_PROMPTS,
  normalizePrompts,
  normalizeTemplateName,
} from "@/domain/templates";

const NameSchema = z
  .string({ message: "name must be text" })
  .max(MAX_TEMPLATE_NAME * 4, `A template's name is at most ${MAX_TEMPLATE_NAME} characters.`)
  .transform(normalizeTemplateName)
  .refine((s) => s.length > 0, "A template needs a name.")
  .refine((s) => [...s].length <= MAX_TEMPLATE_NAME, `A template's name is at most ${MAX_TEMPLATE_NAME} characters.`);

const BodySchema = z
  .string({ message: "body must be text" })
  .max(MAX_TEMPLATE_BODY, `A template's text is at most ${MAX_TEMPLATE_BODY} characters.`);

const PromptsSchema = z
  .array(
    z
      .string({ message: "each prompt must be text" })
      .max(MAX_TEMPLATE_PROMPT, `A prompt is at most ${MAX_TEMPLATE_PROMPT} characters.`),
    { message: "prompts must be a list of text" },
  )
  .max(MAX_TEMPLATE_PROMPTS, `A template has at most ${MAX_TEMPLATE_PROMPTS} prompts.`)
  .transform(normalizePrompts);

const PositionSchema = z
  .number({ message: "position must be a whole number from 0" })
  .int("position must be a whole number from 0")
  .min(0, "position must be a whole number from 0")
  .max(1_000_000, "position must be a whole number from 0");

/** POST /api/templates: a template of the person's own, added at the end (or made the default). */
export const TemplateCreateSchema = z.object({
  name: NameSchema,
  body: BodySchema.default(""),
  prompts: PromptsSchema.default([]),
  hidden: z.boolean().optional(),
  is_default: z.boolean().optional(),
});
export type TemplateCreateInput = z.input<typeof TemplateCreateSchema>;
export type TemplateCreateParsed = z.output<typeof TemplateCreateSchema>;

/**
 * PUT /api/templates/{id}: the fields given change. `position` moves the template to that place in the
 * list (the others shift); `is_default: true` makes it the one new entries start with (and no other);
 * hiding a template also stops it being the default.
 */
export const TemplateUpdateSchema = z
  .object({
    name: NameSchema.optional(),
    body: BodySchema.optional(),
    prompts: PromptsSchema.optional(),
    hidden: z.boolean({ message: "hidden must be true or false" }).optional(),
    position: PositionSchema.optional(),
    is_default: z.boolean({ message: "is_default must be true or false" }).optional(),
  })
  .refine(
    (v) => Object.values(v).some((x) => x !== undefined),
    "Nothing to change: send name, body, prompts, hidden, position or is_default.",
  );
export type TemplateUpdateInput = z.input<typeof TemplateUpdateSchema>;
export type TemplateUpdateParsed = z.output<typeof TemplateUpdateSchema>;

export interface TemplateDto {
  id: string;
  name: string;
  body: string;
  prompts: string[];
  position: number;
  hidden: boolean;
  /** The built-in it began as (src/domain/templates.ts), or null for the person's own. */
  built_in: string | null;
  is_default: boolean;
  created_at: string;
  updated_at: string;
}

export const TEMPLATE_EXISTS_MESSAGE = "You already have a template with this name.";
export const BUILT_IN_DELETE_MESSAGE = "Built-in templates cannot be deleted. Hide it instead.";

// ---------- in journal.json (export and import) ----------

/** A template as journal.json holds it; checked one by one on import, so one bad template fails alone. */
export const ExportedTemplateSchema = z.object({
  name: NameSchema,
  body: BodySchema,
  prompts: PromptsSchema,
  position: PositionSchema,
  hidden: z.boolean(),
  built_in: z.string().max(100).nullable(),
  is_default: z.boolean(),
});
export type ExportedTemplate = z.output<typeof ExportedTemplateSchema>;
