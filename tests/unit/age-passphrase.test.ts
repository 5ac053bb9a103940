import { randomBytes } from "node:crypto";
import { Decrypter, Encrypter, Stanza, armor } from "age-encryption";
import { describe, expect, it } from "vitest";
import { AGE_SCRYPT_LOG_N, AgePassphraseIdentity, AgePassphraseRecipient } from "@/server/data/encrypted-export";

/**
 * The encrypted export's passphrase stanza, derived with Node's scrypt, against the age library's own
 * (pure JavaScript) one: each must open the other's files, so the format is unchanged. A low work
 * factor keeps the library's side quick; the export itself uses age's default.
 */
const LOW = 10;
const PASS = "a passphrase for the export, with ünïcode";

async function encryptWith(
  recipientOrPassphrase: AgePassphraseRecipient | string,
  data: Uint8Array,
): Promise<Uint8Array> {
  const e = new Encrypter();
  if (typeof recipientOrPassphrase === "string") {
    e.setScryptWorkFactor(LOW);
    e.setPassphrase(recipientOrPassphrase);
  } else e.addRecipient(recipientOrPassphrase);
  return e.encrypt(data);
}

async function decryptWith(identityOrPassphrase: AgePassphraseIdentity | string, file: Uint8Array): Promise<Buffer> {
  const d = new Decrypter();
  if (typeof identityOrPassphrase === "string") d.addPassphrase(identityOrPassphrase);
  else d.addIdentity(identityOrPassphrase);
  return Buffer.from(await d.decrypt(file));
}

/** The stanza lines of an age file's header. */
const stanzaLines = (file: Uint8Array) =>
  Buffer.from(file)
    .toString("latin1")
    .split("\n")
    .filter((l) => l.startsWith("-> "));

describe("the age passphrase stanza with Node's scrypt", () => {
  const data = randomBytes(100_000);

  it("writes files the age library opens with the passphrase, and only with it", async () => {
    const file = await encryptWith(new AgePassphraseRecipient(PASS, LOW), data);
    expect((await decryptWith(PASS, file)).equals(data)).toBe(true);
    await expect(decryptWith("another passphrase", file)).rejects.toThrow();
    const lines = stanzaLines(file);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^-> scrypt [A-Za-z0-9+/]{22} 10$/u); // 16-byte salt, unpadded base64, the work factor
  });

  it("opens files the age library wrote with a passphrase, and refuses another passphrase without throwing", async () => {
    const file = await encryptWith(PASS, data);
    expect((await decryptWith(new AgePassphraseIdentity(PASS), file)).equals(data)).toBe(true);
    expect(await new AgePassphraseIdentity("another passphrase").unwrapFileKey(stanzaOf(file))).toBeNull();
    await expect(decryptWith(new AgePassphraseIdentity("another passphrase"), file)).rejects.toThrow(
      /no identity matched/u,
    );
    // Armored (age -a) files too: the stanza is the same.
    const armored = armor.encode(file);
    expect((await decryptWith(new AgePassphraseIdentity(PASS), armor.decode(armored))).equals(data)).toBe(true);
  });

  it("uses age's default work factor for the export", async () => {
    expect(AGE_SCRYPT_LOG_N).toBe(18);
    const [stanza] = await new AgePassphraseRecipient(PASS).wrapFileKey(randomBytes(16));
    expect(stanza!.args[0]).toBe("scrypt");
    expect(stanza!.args[2]).toBe("18");
    expect(stanza!.body).toHaveLength(32);
  });

  it("refuses stanzas the library refuses: another stanza beside it, a bad salt or work factor, a work factor over 2^20", async () => {
    const [good] = await new AgePassphraseRecipient(PASS, LOW).wrapFileKey(randomBytes(16));
    const id = new AgePassphraseIdentity(PASS);
    const other = new Stanza(["X25519", "abc"], new Uint8Array(32));
    await expect(id.unwrapFileKey([good!, other])).rejects.toThrow(/only one/u);
    await expect(id.unwrapFileKey([new Stanza(["scrypt", good!.args[1]!], good!.body)])).rejects.toThrow(/invalid/u);
    await expect(id.unwrapFileKey([new Stanza(["scrypt", `${good!.args[1]!}==`, "10"], good!.body)])).rejects.toThrow(
      /invalid/u,
    );
    await expect(id.unwrapFileKey([new Stanza(["scrypt", good!.args[1]!, "010"], good!.body)])).rejects.toThrow(
      /invalid/u,
    );
    await expect(id.unwrapFileKey([new Stanza(["scrypt", good!.args[1]!, "21"], good!.body)])).rejects.toThrow(
      /too high/u,
    );
    await expect(
      id.unwrapFileKey([new Stanza(["scrypt", good!.args[1]!, "10"], good!.body.subarray(0, 31))]),
    ).rejects.toThrow(/invalid/u);
    // A stanza of another kind alone is not ours: null, not an error.
    expect(await id.unwrapFileKey([other])).toBeNull();
    // The good one alone opens.
    expect(await id.unwrapFileKey([good!])).toHaveLength(16);
  });
});

/** The one stanza of an age file with a passphrase, read from its header's text (arguments line, then body line). */
function stanzaOf(file: Uint8Array): Stanza[] {
  const line = stanzaLines(file)[0]!.slice(3).split(" ");
  const text = Buffer.from(file).toString("latin1");
  const bodyLine = text.split("\n")[text.split("\n").findIndex((l) => l.startsWith("-> ")) + 1]!;
  return [new Stanza(line, Buffer.from(bodyLine, "base64"))];
}
