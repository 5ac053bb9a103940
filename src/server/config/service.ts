import "server-only";
import { type ConfigMap, isReservedConfigKey, isSecretConfigKey } from "@/contracts/config";
import { CRISIS_TALLY_PREFIX, isCrisisTallyKey } from "@/domain/crisis/tally";
import { db } from "@/server/db/client";
import { defaultModelName } from "./defaults";

/** Keys the app knows, with their defaults. Other keys may be stored too (the API is a key-value map). */
export function configDefaults(): ConfigMap {
  return {
    ai_model: defaultModelName(),
    personal_info: "",
    cultural_context: "",
    chat_use_journal: "true",
  };
}

/** Keys that must never leave the server (GET, export) and are not stored by PUT or import. */
export const isSecretKey = isSecretConfigKey;

/** Every setting with its default applied, without secret-looking keys (should one have been stored). */
export async function getConfig(): Promise<ConfigMap> {
  const prisma = await db();
  const rows = await prisma.config.findMany();
  const out = configDefaults();
  for (const r of rows) if (!isSecretKey(r.key)) out[r.key] = r.value;
  return out;
}

export async function getConfigValue(key: string): Promise<string | undefined> {
  const prisma = await db();
  const row = await prisma.config.findUnique({ where: { key } });
  return row?.value ?? configDefaults()[key];
}

/** Whether the person stored a value for this key (as opposed to the default applying). */
export async function hasStoredValue(key: string): Promise<boolean> {
  const prisma = await db();
  return (await prisma.config.count({ where: { key } })) > 0;
}

export async function setConfig(entries: ConfigMap): Promise<void> {
  const prisma = await db();
  const now = new Date();
  await prisma.$transaction(
    Object.entries(entries).map(([key, value]) =>
      prisma.config.upsert({
        where: { key },
        create: { key, value, updatedAt: now },
        update: { value, updatedAt: now },
      }),
    ),
  );
}

/** Not the person's settings: the count of crisis support shown (src/domain/crisis/tally.ts). */
export const NOT_A_SETTING = { NOT: { key: { startsWith: CRISIS_TALLY_PREFIX } } } as const;

/**
 * Back to first-start settings: every stored key removed, defaults apply again. The count of crisis support
 * shown stays: it is not a setting and holds none of the person's words.
 */
export async function resetConfig(): Promise<void> {
  const prisma = await db();
  await prisma.config.deleteMany({ where: NOT_A_SETTING });
}

/** The settings to export: nothing secret-looking, no consent to a cloud model, not the count of crisis support shown. */
export async function exportConfig(): Promise<ConfigMap> {
  const all = await getConfig();
  return Object.fromEntries(
    Object.entries(all).filter(([k]) => !isSecretKey(k) && !isReservedConfigKey(k) && !isCrisisTallyKey(k)),
  );
}

/** An imported map never brings secrets, nor consent to a cloud model (that is given only through the consent step). */
export async function importConfig(entries: ConfigMap): Promise<number> {
  const safe = Object.fromEntries(
    Object.entries(entries).filter(([k]) => !isSecretKey(k) && !isReservedConfigKey(k) && !isCrisisTallyKey(k)),
  );
  await setConfig(safe);
  return Object.keys(safe).length;
}
