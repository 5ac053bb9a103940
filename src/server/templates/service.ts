import "server-only";
import { v7 as uuidv7 } from "uuid";
import {
  BUILT_IN_DELETE_MESSAGE,
  ExportedTemplateSchema,
  TEMPLATE_EXISTS_MESSAGE,
  type ExportedTemplate,
  type TemplateCreateParsed,
  type TemplateDto,
  type TemplateUpdateParsed,
} from "@/contracts/templates";
import { nextUpdatedAt } from "@/domain/sync";
import { BUILT_IN_TEMPLATES, builtInTemplate } from "@/domain/template-builtins";
import { MAX_TEMPLATES, normalizePrompts, templateNameKey } from "@/domain/templates";
import { db } from "@/server/db/client";
import { isUniqueViolation } from "@/server/db/errors";
import { bumpDataVersion } from "@/server/entries/version";
import { HttpError, badRequest, notFound } from "@/server/http/errors";
import type { Prisma, PrismaClient } from "@/generated/prisma/client";

type Tx = Prisma.TransactionClient | PrismaClient;

interface TemplateRow {
  id: string;
  name: string;
  body: string;
  prompts: string;
  position: number;
  hidden: boolean;
  builtIn: string | null;
  isDefault: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** The stored JSON list of prompts, read defensively (a hand-edited database never makes a 500). */
function parsePrompts(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? normalizePrompts(v.filter((x): x is string => typeof x === "string")) : [];
  } catch {
    return [];
  }
}

function toDto(r: TemplateRow): TemplateDto {
  return {
    id: r.id,
    name: r.name,
    body: r.body,
    prompts: parsePrompts(r.prompts),
    position: r.position,
    hidden: r.hidden,
    built_in: r.builtIn,
    is_default: r.isDefault,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

const ORDER = [{ position: "asc" as const }, { name: "asc" as const }];

const exists = (taken: TemplateRow) => new HttpError("CONFLICT", TEMPLATE_EXISTS_MESSAGE, { template: toDto(taken) });

/**
 * Writes the built-ins this journal has not been given yet: on a new journal all of them first in the
 * list, later ones (a new version's) at the end. A built-in whose name the person already uses is named
 * "(built-in)" after it.
 */
async function ensureBuiltIns(tx: Tx, now: Date): Promise<void> {
  const have = new Set(
    (await tx.template.findMany({ where: { builtIn: { not: null } }, select: { builtIn: true } })).map(
      (t) => t.builtIn,
    ),
  );
  const missing = BUILT_IN_TEMPLATES.filter((t) => !have.has(t.key));
  if (!missing.length) return;
  const keys = new Set((await tx.template.findMany({ select: { nameKey: true } })).map((t) => t.nameKey));
  let position = keys.size ? ((await tx.template.aggregate({ _max: { position: true } }))._max.position ?? -1) + 1 : 0;
  for (const t of missing) {
    const name = keys.has(templateNameKey(t.name)) ? `${t.name} (built-in)` : t.name;
    keys.add(templateNameKey(name));
    await tx.template.create({
      data: {
        id: uuidv7(),
        name,
        nameKey: templateNameKey(name),
        body: t.body,
        prompts: JSON.stringify(t.prompts),
        position: position++,
        builtIn: t.key,
        createdAt: now,
        updatedAt: now,
      },
    });
  }
}

async function seeded(now: Date): Promise<PrismaClient> {
  const prisma = await db();
  if ((await prisma.template.count({ where: { builtIn: { not: null } } })) < BUILT_IN_TEMPLATES.length) {
    try {
      await prisma.$transaction((tx) => ensureBuiltIns(tx, now));
    } catch (err) {
      // Two first reads at once: the other one wrote them.
      if (!isUniqueViolation(err)) throw err;
    }
  }
  return prisma;
}

/** Every template (hidden ones too), in the person's order; the built-ins are written on first use. */
export async function listTemplates(now = new Date()): Promise<TemplateDto[]> {
  const prisma = await seeded(now);
  return (await prisma.template.findMany({ orderBy: ORDER })).map(toDto);
}

/** Numbers the templates 0.. in the order given by `ids`. */
async function renumber(tx: Tx, ids: readonly string[], rows: readonly TemplateRow[]): Promise<void> {
  const at = new Map(rows.map((r) => [r.id, r.position]));
  for (let i = 0; i < ids.length; i++) {
    if (at.get(ids[i]!) !== i) await tx.template.update({ where: { id: ids[i]! }, data: { position: i } });
  }
}

/** Adds a template of the person's own at the end of the list; a name already used answers 409. */
export async function createTemplate(input: TemplateCreateParsed, now = new Date()): Promise<TemplateDto> {
  const prisma = await seeded(now);
  try {
    const row = await prisma.$transaction(async (tx) => {
      const taken = await tx.template.findUnique({ where: { nameKey: templateNameKey(input.name) } });
      if (taken) throw exists(taken);
      if ((await tx.template.count()) >= MAX_TEMPLATES)
        throw badRequest(`You can have at most ${MAX_TEMPLATES} templates. Delete or edit one instead.`);
      const hidden = input.hidden ?? false;
      const isDefault = !hidden && (input.is_default ?? false);
      if (isDefault) await tx.template.updateMany({ where: { isDefault: true }, data: { isDefault: false } });
      const last = await tx.template.aggregate({ _max: { position: true } });
      return tx.template.create({
        data: {
          id: uuidv7(),
          name: input.name,
          nameKey: templateNameKey(input.name),
          body: input.body,
          prompts: JSON.stringify(input.prompts),
          position: (last._max.position ?? -1) + 1,
          hidden,
          isDefault,
          createdAt: now,
          updatedAt: now,
        },
      });
    });
    bumpDataVersion();
    return toDto(row);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // The same name sent twice at once.
    const taken = await prisma.template.findUnique({ where: { nameKey: templateNameKey(input.name) } });
    if (taken) throw exists(taken);
    throw err;
  }
}

/**
 * Changes the fields given. A built-in can be edited like any template (it keeps its key, so it is not
 * written again). `position` moves it to that place (clamped to the list); `is_default: true` takes the
 * default from any other; hidden templates are never the default.
 */
export async function updateTemplate(id: string, input: TemplateUpdateParsed, now = new Date()): Promise<TemplateDto> {
  const prisma = await db();
  const row = await prisma.$transaction(async (tx) => {
    const current = await tx.template.findUnique({ where: { id } });
    if (!current) throw notFound("Template not found");
    if (input.name !== undefined && templateNameKey(input.name) !== current.nameKey) {
      const taken = await tx.template.findUnique({ where: { nameKey: templateNameKey(input.name) } });
      if (taken) throw exists(taken);
    }
    const hidden = input.hidden ?? current.hidden;
    if (input.is_default && hidden) throw badRequest("A hidden template cannot be the default. Show it first.");
    const isDefault = hidden ? false : (input.is_default ?? current.isDefault);
    if (isDefault && !current.isDefault)
      await tx.template.updateMany({ where: { isDefault: true }, data: { isDefault: false } });
    if (input.position !== undefined) {
      const rows = await tx.template.findMany({ orderBy: ORDER });
      const ids = rows.map((r) => r.id).filter((x) => x !== id);
      ids.splice(Math.min(input.position, ids.length), 0, id);
      await renumber(tx, ids, rows);
    }
    return tx.template.update({
      where: { id },
      data: {
        ...(input.name !== undefined ? { name: input.name, nameKey: templateNameKey(input.name) } : {}),
        ...(input.body !== undefined ? { body: input.body } : {}),
        ...(input.prompts !== undefined ? { prompts: JSON.stringify(input.prompts) } : {}),
        hidden,
        isDefault,
        updatedAt: nextUpdatedAt(current.updatedAt, now),
      },
    });
  });
  bumpDataVersion();
  return toDto(row);
}

/** Deletes a template of the person's own; a built-in answers 400 (hide it instead); none answers 404. */
export async function deleteTemplate(id: string): Promise<void> {
  const prisma = await db();
  const current = await prisma.template.findUnique({ where: { id } });
  if (!current) throw notFound("Template not found");
  if (current.builtIn) throw badRequest(BUILT_IN_DELETE_MESSAGE);
  await prisma.template.deleteMany({ where: { id } });
  bumpDataVersion();
}

// ---------------------------------------------------------------- export and import

/** Every template, in the person's order, as journal.json holds them (none before first use). */
export async function exportableTemplates(): Promise<ExportedTemplate[]> {
  const prisma = await db();
  return (await prisma.template.findMany({ orderBy: ORDER })).map((r) => ({
    name: r.name,
    body: r.body,
    prompts: parsePrompts(r.prompts),
    position: r.position,
    hidden: r.hidden,
    built_in: r.builtIn,
    is_default: r.isDefault,
  }));
}

/** Whether a built-in's row is still as it was first written (not edited, hidden or moved by the person). */
function isPristine(r: TemplateRow): boolean {
  const original = builtInTemplate(r.builtIn);
  return (
    !!original &&
    r.name === original.name &&
    r.body === original.body &&
    JSON.stringify(parsePrompts(r.prompts)) === JSON.stringify(original.prompts) &&
    !r.hidden &&
    !r.isDefault
  );
}

export interface TemplateImportResult {
  imported: number;
  failures: { label: string; reason: string }[];
}

/**
 * Takes the templates of a file, in its order, after this journal's own. A built-in this journal has
 * untouched takes the file's version; one it has changed is kept as it is. A template of the person's
 * own whose name is already here is kept as it is (not imported). The file's default becomes the
 * default only when this journal has none.
 */
export async function importTemplates(raw: unknown[], now = new Date()): Promise<TemplateImportResult> {
  const result: TemplateImportResult = { imported: 0, failures: [] };
  const list: ExportedTemplate[] = [];
  raw.forEach((t, i) => {
    const p = ExportedTemplateSchema.safeParse(t);
    if (p.success) list.push(p.data);
    else {
      const issue = p.error.issues[0];
      result.failures.push({
        label: `Template #${i + 1}`,
        reason: `It is not a valid template (${issue?.path.join(".") || "template"}: ${issue?.message ?? "invalid"}).`,
      });
    }
  });
  if (!list.length) return result;
  list.sort((a, b) => a.position - b.position);
  const prisma = await seeded(now);
  await prisma.$transaction(
    async (tx) => {
      let hasDefault = (await tx.template.count({ where: { isDefault: true } })) > 0;
      let position = ((await tx.template.aggregate({ _max: { position: true } }))._max.position ?? -1) + 1;
      let count = await tx.template.count();
      for (const t of list) {
        const isDefault = !hasDefault && t.is_default && !t.hidden;
        const builtIn = builtInTemplate(t.built_in) ? t.built_in : null;
        const here = builtIn ? await tx.template.findUnique({ where: { builtIn } }) : null;
        const taken = await tx.template.findUnique({ where: { nameKey: templateNameKey(t.name) } });
        if (here) {
          if (!isPristine(here) || (taken && taken.id !== here.id)) continue;
          const same =
            here.name === t.name &&
            here.body === t.body &&
            here.prompts === JSON.stringify(t.prompts) &&
            here.hidden === t.hidden &&
            !isDefault;
          if (same) continue;
          await tx.template.update({
            where: { id: here.id },
            data: {
              name: t.name,
              nameKey: templateNameKey(t.name),
              body: t.body,
              prompts: JSON.stringify(t.prompts),
              hidden: t.hidden,
              isDefault,
              updatedAt: now,
            },
          });
        } else {
          if (taken || count >= MAX_TEMPLATES) continue;
          await tx.template.create({
            data: {
              id: uuidv7(),
              name: t.name,
              nameKey: templateNameKey(t.name),
              body: t.body,
              prompts: JSON.stringify(t.prompts),
              position: position++,
              hidden: t.hidden,
              builtIn,
              isDefault,
              createdAt: now,
              updatedAt: now,
            },
          });
          count++;
        }
        if (isDefault) hasDefault = true;
        result.imported++;
      }
    },
    { maxWait: 10_000, timeout: 60_000 },
  );
  return result;
}
