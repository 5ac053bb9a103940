import "server-only";
import { createHash } from "node:crypto";
import type Database from "better-sqlite3";
import { embed, embedMany } from "ai";
import type { EmbeddingProgressDto } from "@/contracts/ai";
import { getConfigValue } from "@/server/config/service";
import { db, onCommittedWrite, readDb } from "@/server/db/client";
import { prepared } from "@/server/entries/read";
import { dataVersion } from "@/server/entries/version";
import { processSlots } from "@/server/runtime";
import { requireCloudConsent } from "../consent";
import { resolveModel, type RemoteModel } from "../providers";
import { callSettings } from "../structured";
import type { RecallFilter } from "./search";
import { nearestIds, vectorSearchWarming, vectorsWritten, warmVectorSearch as warmSearch } from "./vector-search";

/**
 * Embeddings of entries, for recall by meaning. When the person picks an embedding model in Settings
 * (config `embedding_model`, e.g. "ollama/nomic-embed-text" or "openai/text-embedding-3-small"), each
 * entry's title, text and tags are sent to that model only, and the vector it gives back is stored in the
 * same (encrypted) database, in "entry_embeddings", with the model and dimension. A vector of another
 * model, or of text that has changed since, is made again by the background backfill. With no embedding
 * model nothing is sent and recall works on words alone.
 */

/** Config key of the embedding model ("provider/model"); none means recall works on words alone. */
export const EMBEDDING_MODEL_KEY = "embedding_model";
/** Entries sent to the embedding model per call. */
export const EMBED_BATCH = 64;
/** Longest text of one entry sent (characters). */
const EMBED_TEXT_CHARS = 8000;

export async function embeddingModelName(): Promise<string | null> {
  return (await getConfigValue(EMBEDDING_MODEL_KEY))?.trim() || null;
}

/** The embedding model, resolved; null when none is set. Cloud models need the person's consent. */
async function embeddingModel(): Promise<RemoteModel | null> {
  const name = await embeddingModelName();
  if (!name) return null;
  const model = resolveModel(name);
  if (model.kind !== "remote" || !model.embedding) return null;
  await requireCloudConsent(name);
  return model;
}

interface EmbedSource {
  id: string;
  title: string;
  content: string;
  tags: string | null;
}

const textOf = (e: EmbedSource) =>
  [e.title, e.content, e.tags ?? ""]
    .filter((s) => s.trim())
    .join("\n")
    .slice(0, EMBED_TEXT_CHARS);
const hashOf = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 32);

const PENDING_SQL = `SELECT e."id" AS id, e."title" AS title, e."content" AS content,
    (SELECT group_concat(t."name", ', ') FROM "entry_tags" et JOIN "tags" t ON t."id" = et."tag_id" WHERE et."entry_id" = e."id") AS tags,
    v."model" AS model, v."content_hash" AS hash
  FROM "entries" e LEFT JOIN "entry_embeddings" v ON v."entry_id" = e."id"`;

const g = processSlots<{
  __reverieEmbedJob?: {
    running: Promise<void> | null;
    again: boolean;
    error: string | null;
    /** Whether committed writes are watched, and the entries' data version last seen. */
    watching: boolean;
    seen: number;
  };
}>();
const job = () =>
  (g.__reverieEmbedJob ??= { running: null, again: false, error: null, watching: false, seen: dataVersion() });

/** How long after a committed write the entries' data version is looked at (writes come in bursts). */
const WATCH_DELAY_MS = 25;

/**
 * Keeps the vectors following the entries: after every committed write that changed entries (a save, an
 * edit, a restore from Recently deleted, an import), the background embedding runs. The entries layer
 * knows nothing of embeddings; it bumps its data version, which this looks at a moment after each commit
 * (the bump follows the commit). Idempotent; the start of the server and the module's first load call it.
 */
export function watchEntryWrites(): void {
  const j = job();
  if (j.watching) return;
  j.watching = true;
  let timer: ReturnType<typeof setTimeout> | null = null;
  onCommittedWrite(() => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      followEntries();
    }, WATCH_DELAY_MS);
    timer.unref?.();
  });
}
watchEntryWrites();

/** Starts the background embedding when entries changed since it last looked. */
function followEntries(): void {
  const j = job();
  const version = dataVersion();
  if (version === j.seen) return;
  j.seen = version;
  scheduleEmbeddings();
}

function pending(conn: Database.Database, model: string): EmbedSource[] {
  const rows = prepared(conn, PENDING_SQL).all() as (EmbedSource & { model: string | null; hash: string | null })[];
  return rows.filter((r) => r.model !== model || r.hash !== hashOf(textOf(r)));
}

/** Embeds every entry without an up-to-date vector, in batches; returns how many were embedded. */
export async function embedPending(signal?: AbortSignal): Promise<number> {
  const model = await embeddingModel();
  if (!model) return 0;
  const prisma = await db();
  const todo = pending(await readDb(), model.name);
  let done = 0;
  for (let i = 0; i < todo.length; i += EMBED_BATCH) {
    const batch = todo.slice(i, i + EMBED_BATCH);
    const texts = batch.map(textOf);
    const { embeddings } = await embedMany({ model: model.embedding!(), values: texts, ...callSettings(signal) });
    const now = new Date();
    const vectors = batch.map((e, j) => ({ id: e.id, vector: Float32Array.from(embeddings[j]) }));
    await prisma.$transaction(
      batch.map((e, j) => {
        const vector = vectors[j].vector;
        const data = {
          model: model.name,
          dimensions: vector.length,
          contentHash: hashOf(texts[j]),
          vector: new Uint8Array(vector.buffer),
          updatedAt: now,
        };
        return prisma.entryEmbedding.upsert({
          where: { entryId: e.id },
          create: { entryId: e.id, ...data },
          update: data,
        });
      }),
    );
    await vectorsWritten(model.name, vectors);
    done += batch.length;
  }
  return done;
}

/**
 * Starts the background backfill (after a save, an import, a change of model): never awaited by a save,
 * never failing one. A run already going runs once more when it ends.
 */
export function scheduleEmbeddings(): void {
  const j = job();
  if (j.running) {
    j.again = true;
    return;
  }
  j.running = (async () => {
    do {
      j.again = false;
      try {
        await embedPending();
        j.error = null;
      } catch (err) {
        j.error = err instanceof Error ? err.message : String(err);
      }
    } while (j.again);
  })().finally(() => {
    j.running = null;
  });
}

/** Waits for the background backfill (tests, the benchmark). */
export async function embeddingsSettled(): Promise<void> {
  followEntries();
  while (job().running) await job().running;
}

export async function embeddingProgress(): Promise<EmbeddingProgressDto> {
  const name = await embeddingModelName();
  const conn = await readDb();
  const total = Number((prepared(conn, `SELECT count(*) AS n FROM "entries"`).get() as { n: number }).n);
  const embedded = name ? total - pending(conn, name).length : 0;
  return { model: name, embedded, total, running: job().running !== null, error: job().error };
}

/**
 * Makes the search's compact copy of the stored vectors of the embedding model ahead of the first search
 * (the start of the server and the unlocking of a journal call it); nothing when no model is set.
 */
export function warmVectorSearch(): Promise<void> {
  return warmSearch(embeddingModelName);
}

/**
 * Ranks entries by nearness of meaning to a question; null when no embedding model is set or the
 * question cannot be embedded (recall then works on words alone).
 */
export async function vectorRanker(
  question: string,
): Promise<((conn: Database.Database, filter: RecallFilter) => string[]) | null> {
  let model: RemoteModel | null;
  try {
    model = await embeddingModel();
  } catch {
    return null;
  }
  if (!model) return null;
  let query: Float32Array;
  try {
    const { embedding } = await embed({ model: model.embedding!(), value: question, ...callSettings() });
    query = Float32Array.from(embedding);
  } catch {
    return null;
  }
  const name = model.name;
  await vectorSearchWarming();
  return (conn, filter) => nearestIds(conn, name, query, filter, 50);
}
