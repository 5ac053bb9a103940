import "server-only";
import { createCipheriv, createDecipheriv, randomBytes, scrypt } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import { Decrypter, Encrypter, Stanza, type Identity, type Recipient } from "age-encryption";
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

/*
 * age's passphrase stanza (age-encryption.org/v1, "scrypt"), with the key derived by Node's scrypt
 * instead of the library's pure-JavaScript one: the same bytes on disk, faster (0.8 to 1.6 s against
 * 1.4 to 2.0 s for age's default work factor on a busy 2-core machine), and computed off the main
 * thread, so the server keeps answering meanwhile (the library's holds it for the whole derivation). The library's own
 * ScryptRecipient and ScryptIdentity are followed line by line (tests check that each reads the
 * other's files):
 *   stanza  = "-> scrypt" <salt, 16 random bytes, base64 without padding> <log2 N>
 *   key     = scrypt(passphrase, "age-encryption.org/v1/scrypt" || salt, N, r = 8, p = 1, 32 bytes)
 *   body    = ChaCha20-Poly1305(key, nonce 0) of the 16-byte file key (32 bytes with its tag)
 */
const SCRYPT_LABEL = "age-encryption.org/v1/scrypt";
/** age's default work factor for a passphrase (2^18), the one the library uses. */
export const AGE_SCRYPT_LOG_N = 18;
/** The highest work factor a file may ask for (the library's limit: 2^20 takes 1 GiB). */
const MAX_LOG_N = 20;

function ageScryptKey(passphrase: string, salt: Buffer, logN: number): Promise<Buffer> {
  const N = 2 ** logN;
  return new Promise((resolve, reject) =>
    scrypt(Buffer.from(passphrase, "utf8"), Buffer.concat([Buffer.from(SCRYPT_LABEL, "latin1"), salt]), 32, { N, r: 8, p: 1, maxmem: 128 * N * 8 + 32 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

const unpadded = (b: Buffer) => b.toString("base64").replace(/=+$/u, "");

export class AgePassphraseRecipient implements Recipient {
  readonly #passphrase: string;
  readonly #logN: number;

  constructor(passphrase: string, logN = AGE_SCRYPT_LOG_N) {
    this.#passphrase = passphrase;
    this.#logN = logN;
  }

  async wrapFileKey(fileKey: Uint8Array): Promise<Stanza[]> {
    const salt = randomBytes(16);
    const key = await ageScryptKey(this.#passphrase, salt, this.#logN);
    const c = createCipheriv("chacha20-poly1305", key, Buffer.alloc(12), { authTagLength: 16 });
    const body = Buffer.concat([c.update(fileKey), c.final(), c.getAuthTag()]);
    return [new Stanza(["scrypt", unpadded(salt), String(this.#logN)], body)];
  }
}

export class AgePassphraseIdentity implements Identity {
  readonly #passphrase: string;

  constructor(passphrase: string) {
    this.#passphrase = passphrase;
  }

  async unwrapFileKey(stanzas: Stanza[]): Promise<Uint8Array | null> {
    for (const s of stanzas) {
      if (s.args.length < 1 || s.args[0] !== "scrypt") continue;
      if (stanzas.length !== 1) throw new Error("scrypt recipient is not the only one in the header");
      if (s.args.length !== 3 || !/^[1-9][0-9]*$/u.test(s.args[2]!)) throw new Error("invalid scrypt stanza");
      const salt = Buffer.from(s.args[1]!, "base64");
      if (salt.length !== 16 || unpadded(salt) !== s.args[1]) throw new Error("invalid scrypt stanza");
      const logN = Number(s.args[2]);
      if (logN > MAX_LOG_N) throw new Error("scrypt work factor is too high");
      if (s.body.length !== 32) throw new Error("invalid stanza");
      const key = await ageScryptKey(this.#passphrase, salt, logN);
      try {
        const d = createDecipheriv("chacha20-poly1305", key, Buffer.alloc(12), { authTagLength: 16 });
        d.setAuthTag(s.body.subarray(16));
        const fileKey = Buffer.concat([d.update(s.body.subarray(0, 16)), d.final()]);
        return new Uint8Array(fileKey);
      } catch {
        // another passphrase: this stanza is not ours to open
      }
    }
    return null;
  }
}

export async function exportJournalEncrypted(passphrase: string, now = new Date()): Promise<JournalExport> {
  const plain = await exportJournal(now);
  const e = new Encrypter();
  e.addRecipient(new AgePassphraseRecipient(passphrase));
  const body = (await e.encrypt(plain.body)) as ReadableStream<Uint8Array>;
  return { body, estimatedSize: plain.estimatedSize, filename: `${plain.filename}.age` };
}

/**
 * Decrypts an age file received for import into a new temp file (encrypted with the journal key when
 * the journal is encrypted, so the zip is never plaintext on disk) and gives its path; the caller removes it.
 */
export async function decryptAgeToTemp(file: string, passphrase: string | undefined): Promise<string> {
  if (!passphrase) throw new HttpError("BAD_REQUEST", "This export is encrypted: enter the passphrase it was exported with.");
  const d = new Decrypter();
  d.addIdentity(new AgePassphraseIdentity(passphrase));
  const source = Readable.toWeb(storedReadStream(file)) as unknown as ReadableStream<Uint8Array>;
  let plain: ReadableStream<Uint8Array>;
  try {
    plain = (await d.decrypt(source)) as ReadableStream<Uint8Array>;
  } catch {
    throw new HttpError("UNAUTHORIZED", "That passphrase does not open this encrypted export.");
  }
  const temp = newTempPath(".import");
  try {
    await pipeline(Readable.fromWeb(plain as unknown as NodeWebReadableStream<Uint8Array>), stagingStream(), createWriteStream(temp, { flags: "wx", mode: 0o600 }));
  } catch (err) {
    await rm(temp, { force: true }).catch(() => {});
    if ((err as NodeJS.ErrnoException).syscall) throw err;
    throw new HttpError("BAD_REQUEST", "The encrypted export is damaged or cut short: it could not be decrypted.");
  }
  return temp;
}
