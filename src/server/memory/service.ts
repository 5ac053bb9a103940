import "server-only";
import { v7 as uuidv7 } from "uuid";
import {
  ExportedMemoryFactSchema,
  type ExportedMemoryFact,
  type MemoryDto,
  type MemoryFactDto,
} from "@/contracts/memory";
import {
  factKey,
  isMemoryEnabledValue,
  MAX_MEMORY_FACTS,
  MEMORY_ENABLED_CONFIG_KEY,
  MEMORY_SOURCES,
  type MemorySource,
} from "@/domain/memory";
import { getConfigValue, setConfig } from "@/server/config/service";
import { db } from "@/server/db/client";
import { isUniqueViolation } from "@/server/db/errors";
import { bumpDataVersion } from "@/server/entries/version";
import { HttpError, badRequest, notFound } from "@/server/http/errors";

/**
 * What Reverie remembers: short facts the person confirmed, in the journal's own database (so encrypted
 * with it), exported, imported and cleared with it. Facts are sent only to the configured model, as
 * context of the chat (src/server/ai/chat/prompt.ts), and only while memory is on.
 */

interface FactRow {
  id: string;
  text: string;
  source: string;
  createdAt: Date;
  updatedAt: Date;
}

const asSource = (s: string): MemorySource =>
  (MEMORY_SOURCES as readonly string[]).includes(s) ? (s as MemorySource) : "manual";

function toDto(r: FactRow): MemoryFactDto {
  return {
    id: r.id,
    text: r.text,
    source: asSource(r.source),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

const ORDER = [{ createdAt: "asc" as const }, { id: "asc" as const }];

export async function memoryEnabled(): Promise<boolean> {
  return isMemoryEnabledValue(await getConfigValue(MEMORY_ENABLED_CONFIG_KEY));
}

export async function getMemory(): Promise<MemoryDto> {
  const prisma = await db();
  const [enabled, rows] = await Promise.all([memoryEnabled(), prisma.memoryFact.findMany({ orderBy: ORDER })]);
  return { enabled, facts: rows.map(toDto), max_facts: MAX_MEMORY_FACTS };
}

export async function setMemoryEnabled(enabled: boolean): Promise<MemoryDto> {
  await setConfig({ [MEMORY_ENABLED_CONFIG_KEY]: enabled ? "true" : "false" });
  return getMemory();
}

const alreadyKnown = (text: string) => new HttpError("CONFLICT", `Reverie already remembers "${text}".`);
const full = () =>
  badRequest(`Reverie remembers at most ${MAX_MEMORY_FACTS} facts. Delete one to make room.`, {
    max_facts: MAX_MEMORY_FACTS,
  });

export async function addFact(input: { text: string; source: MemorySource }, now = new Date()): Promise<MemoryFactDto> {
  const prisma = await db();
  try {
    const row = await prisma.$transaction(async (tx) => {
      if ((await tx.memoryFact.count()) >= MAX_MEMORY_FACTS) throw full();
      return tx.memoryFact.create({
        data: {
          id: uuidv7(),
          text: input.text,
          textKey: factKey(input.text),
          source: input.source,
          createdAt: now,
          updatedAt: now,
        },
      });
    });
    bumpDataVersion();
    return toDto(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyKnown(input.text);
    throw err;
  }
}

export async function updateFact(id: string, input: { text: string }, now = new Date()): Promise<MemoryFactDto> {
  const prisma = await db();
  const row = await prisma.memoryFact.findUnique({ where: { id } });
  if (!row) throw notFound("That fact is not in Reverie's memory.");
  try {
    const updated = await prisma.memoryFact.update({
      where: { id },
      data: { text: input.text, textKey: factKey(input.text), updatedAt: now },
    });
    bumpDataVersion();
    return toDto(updated);
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyKnown(input.text);
    throw err;
  }
}

export async function deleteFact(id: string): Promise<void> {
  const prisma = await db();
  const { count } = await prisma.memoryFact.deleteMany({ where: { id } });
  if (!count) throw notFound("That fact is not in Reverie's memory.");
  bumpDataVersion();
}

/** The facts for the chat's instructions: none while memory is off. */
export async function factsForChat(): Promise<string[]> {
  if (!(await memoryEnabled())) return [];
  const prisma = await db();
  return (await prisma.memoryFact.findMany({ orderBy: ORDER, select: { text: true } })).map((r) => r.text);
}

/** The texts of every fact remembered, oldest first (for the proposals, which never repeat one). */
export async function rememberedTexts(): Promise<string[]> {
  const prisma = await db();
  return (await prisma.memoryFact.findMany({ select: { text: true }, orderBy: ORDER })).map((r) => r.text);
}

// ---------------------------------------------------------------- export and import

export async function exportableMemory(): Promise<ExportedMemoryFact[]> {
  const prisma = await db();
  return (await prisma.memoryFact.findMany({ orderBy: ORDER })).map((r) => ({
    text: r.text,
    source: asSource(r.source),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  }));
}

export interface MemoryImportResult {
  imported: number;
  failures: { label: string; reason: string }[];
}

/** Facts from an export: a fact already remembered is kept as it is; at most MAX_MEMORY_FACTS in all. */
export async function importMemory(raw: unknown[]): Promise<MemoryImportResult> {
  const result: MemoryImportResult = { imported: 0, failures: [] };
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    let count = await tx.memoryFact.count();
    for (const [i, item] of raw.entries()) {
      const p = ExportedMemoryFactSchema.safeParse(item);
      if (!p.success) {
        const issue = p.error.issues[0];
        result.failures.push({
          label: `Memory fact #${i + 1}`,
          reason: `It is not a valid fact (${issue?.path.join(".") || "fact"}: ${issue?.message ?? "invalid"}).`,
        });
        continue;
      }
      const f = p.data;
      if (await tx.memoryFact.findUnique({ where: { textKey: factKey(f.text) } })) continue;
      if (count >= MAX_MEMORY_FACTS) {
        result.failures.push({
          label: `Memory fact #${i + 1}`,
          reason: `Reverie remembers at most ${MAX_MEMORY_FACTS} facts.`,
        });
        continue;
      }
      await tx.memoryFact.create({
        data: {
          id: uuidv7(),
          text: f.text,
          textKey: factKey(f.text),
          source: f.source,
          createdAt: new Date(f.created_at),
          updatedAt: new Date(f.updated_at),
        },
      });
      count++;
      result.imported++;
    }
  });
  return result;
}
