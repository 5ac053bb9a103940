import "server-only";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import { Decrypter, Encrypter } from "age-encryption";
import { HttpError } from "@/server/http/errors";
import { newTempPath } from "@/server/media/paths";
import { stagingStream, storedReadStream } from "@/server/media/sealed";
import { exportJournal, type JournalExport } from "./export";

/**
 * The encrypted export: the same zip as the plaintext export, encrypted with age (age-encryption.org,
 * the reference TypeScript implementation) under a passphrase the person chooses for it. Any age tool
 * (`age -d`) opens it; the import of this app reads it back with the same passphrase.
 */
export const AGE_HEADER = "age-encryption.org/v1\n";

export function isAgeFile(head: Buffer): boolean {
  return head.subarray(0, AGE_HEADER.length).toString("latin1") === AGE_HEADER;
}

export async function exportJournalEncrypted(passphrase: string, now = new Date()): Promise<JournalExport> {
  const plain = await exportJournal(now);
  const e = new Encrypter();
  e.setPassphrase(passphrase);
  const body = (await e.encrypt(plain.body)) as ReadableStream<Uint8Array>;
  return { body, estimatedSize: plain.estimatedSize, filename: `${plain.filename}.age` };
}

/**
 * Decrypts an age file received for import into a new temp file (encrypted with the journal key when
 * the journal is encrypted, so the zip is never plaintext on disk) and gives its path; the caller removes it.
 */
export async function decryptAgeToTemp(file: string, passphrase: string | undefined): Promise<string> {
  if (!passphrase) throw new HttpError(400, "BAD_REQUEST", "This export is encrypted: enter the passphrase it was exported with.");
  const d = new Decrypter();
  d.addPassphrase(passphrase);
  const source = Readable.toWeb(storedReadStream(file)) as unknown as ReadableStream<Uint8Array>;
  let plain: ReadableStream<Uint8Array>;
  try {
    plain = (await d.decrypt(source)) as ReadableStream<Uint8Array>;
  } catch {
    throw new HttpError(401, "UNAUTHORIZED", "That passphrase does not open this encrypted export.");
  }
  const temp = newTempPath(".import");
  try {
    await pipeline(Readable.fromWeb(plain as unknown as NodeWebReadableStream<Uint8Array>), stagingStream(), createWriteStream(temp, { flags: "wx", mode: 0o600 }));
  } catch (err) {
    await rm(temp, { force: true }).catch(() => {});
    if ((err as NodeJS.ErrnoException).syscall) throw err;
    throw new HttpError(400, "BAD_REQUEST", "The encrypted export is damaged or cut short: it could not be decrypted.");
  }
  return temp;
}
