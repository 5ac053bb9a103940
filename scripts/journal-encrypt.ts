/**
 * npm run journal:encrypt                 encrypts a plaintext journal (its database, media and snapshots)
 * npm run journal:encrypt -- --change     changes the passphrase
 * npm run journal:encrypt -- --decrypt    turns encryption off (every file back in plaintext)
 *
 * The passphrase is asked for on the terminal (not shown), or read from JOURNAL_PASSPHRASE; the new one
 * for --change from JOURNAL_NEW_PASSPHRASE. `--yes` skips the confirmation (for scripts).
 * Stop the server first: the files are rewritten while no one has them open. Reads the same
 * variables as the server (DATABASE_URL, UPLOAD_DIR, DATA_DIR, BACKUP_DIR...). Crash-safe: a kill at
 * any moment leaves a journal that opens as before or as after (the next start finishes or undoes it).
 */
import { existsSync } from "node:fs";
import readline from "node:readline";
import { LOST_PASSPHRASE_WARNING, MIN_PASSPHRASE_CHARS } from "../src/contracts/encryption-constants.ts";
import { resolveLayout, type LayoutEnv } from "../src/server/storage/layout.ts";
import {
  changePassphrase,
  decryptJournal,
  encryptJournal,
  recoverInterruptedChange,
} from "../src/server/crypto/convert.ts";
import { isEncryptedJournal, keyFilePath, readKeyFile, unwrapKey } from "../src/server/keys/keyfile.ts";
import { endAllSessions } from "../src/server/security/session.ts";

const args = new Set(process.argv.slice(2));
const layout = resolveLayout(process.env as LayoutEnv);
const mode = args.has("--decrypt") ? "decrypt" : args.has("--change") ? "change" : "encrypt";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** Asks on the terminal without echoing what is typed. */
function ask(question: string, hidden = true): Promise<string> {
  if (!process.stdin.isTTY)
    fail("No terminal to ask on: set JOURNAL_PASSPHRASE (and JOURNAL_NEW_PASSPHRASE for --change).");
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput.bind(rl);
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) =>
      write(hidden && !s.startsWith(question) ? "" : s);
    rl.question(question, (answer) => {
      rl.close();
      if (hidden) process.stdout.write("\n");
      resolve(answer);
    });
  });
}

async function newPassphrase(envName: string): Promise<string> {
  const fromEnv = process.env[envName];
  const pass = fromEnv ?? (await ask("New passphrase: "));
  if (pass.length < MIN_PASSPHRASE_CHARS) fail(`The passphrase needs at least ${MIN_PASSPHRASE_CHARS} characters.`);
  if (!fromEnv && (await ask("The same passphrase again: ")) !== pass)
    fail("The two passphrases are not the same. Nothing was changed.");
  return pass;
}

const recovered = recoverInterruptedChange(layout);
if (recovered !== "none")
  console.log(
    `An earlier change was interrupted: ${recovered === "finished" ? "it has been finished" : "it has been undone"}.`,
  );
if (!existsSync(layout.dbFile)) fail(`There is no journal at ${layout.dbFile}.`);
const started = Date.now();

if (mode === "encrypt") {
  if (isEncryptedJournal(layout.dbFile))
    fail("This journal is already encrypted. `-- --change` changes its passphrase.");
  console.log(`\n${LOST_PASSPHRASE_WARNING}\n`);
  const pass = await newPassphrase("JOURNAL_PASSPHRASE");
  if (!args.has("--yes") && (await ask("Type yes to encrypt the journal now: ", false)).trim().toLowerCase() !== "yes")
    fail("Nothing was changed.");
  encryptJournal(layout, pass);
  console.log(
    `The journal, its media and its snapshots are encrypted (${Date.now() - started} ms). Start the server with JOURNAL_PASSPHRASE, or enter the passphrase when it asks.`,
  );
} else {
  if (!isEncryptedJournal(layout.dbFile)) fail("This journal is not encrypted.");
  const current = process.env.JOURNAL_PASSPHRASE ?? (await ask("Current passphrase: "));
  const key = unwrapKey(readKeyFile(keyFilePath(layout.dbFile)), current);
  if (!key) fail("That passphrase does not open this journal. Nothing was changed.");
  if (mode === "change") {
    const next = await newPassphrase("JOURNAL_NEW_PASSPHRASE");
    changePassphrase(layout, current, next);
    // As in Settings: every browser signed in before (with the old passphrase) is signed out.
    endAllSessions();
    console.log(
      "The passphrase was changed; every browser signs in again. Snapshots taken before open with the new one too.",
    );
  } else {
    decryptJournal(layout, key);
    console.log(`The journal, its media and its snapshots are back in plaintext (${Date.now() - started} ms).`);
  }
}
