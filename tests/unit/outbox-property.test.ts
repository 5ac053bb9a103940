import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { figuresLine, OutboxHarness, sequenceArb, type Action } from "../support/outbox-property";
import { ModelServer } from "../support/outbox-model-server";

/**
 * Writing offline, proved by property: thousands of random sequences of offline creates, edits, photos
 * added and removed, deletes, reloads, network flaps, lost answers, requests held on the wire while the
 * person keeps writing, and a second tab, run through the app's own outbox code against an in-memory
 * model of the entries API. Every sequence must end with the server holding exactly what the person
 * last saved. The same property runs against the real route handlers in tests/api/outbox-property.test.ts.
 */

const RUNS = Number(process.env.OUTBOX_PROPERTY_RUNS ?? 2000);
const SEED = Number(process.env.OUTBOX_PROPERTY_SEED ?? Date.now() % 2 ** 31);

const harness = new OutboxHarness(new ModelServer({ storedOnReplay: process.env.OUTBOX_PROPERTY_OLD_SERVER === "1" }));
beforeAll(() => harness.start());
afterAll(() => harness.stop());

/** Longer sequences on demand (OUTBOX_PROPERTY_LONG=1): fewer runs, deeper interleavings. */
const LONG = process.env.OUTBOX_PROPERTY_LONG === "1";

const holds = async (actions: readonly Action[]) => {
  const problems = await harness.run(actions);
  if (problems.length) throw new Error(problems.join("\n"));
};

describe("the device outbox, by property", () => {
  it(`ends every sequence with the server holding exactly the last saved version (${RUNS} sequences)`, async () => {
    const t = performance.now();
    try {
      await fc.assert(fc.asyncProperty(LONG ? sequenceArb(60, "medium") : sequenceArb(24), holds), {
        numRuns: RUNS,
        seed: SEED,
      });
    } finally {
      console.log(figuresLine("outbox property (model server)", harness.figures, SEED, performance.now() - t));
    }
    expect(harness.figures.lost).toBe(0);
    expect(harness.figures.duplicated).toBe(0);
  }, 300_000);

  /**
   * Failures the property found on the code before the fix (attack report H1), kept as fixed cases: the
   * seed and path replay the shrunk sequence as long as `sequenceArb(24)` is unchanged (the sequences
   * themselves are also kept, in words, in tests/unit/outbox-sync.test.ts).
   */
  it.each([
    // create with a photo, edit (the server before the fix answered the second create as a replay).
    { seed: 2, path: "2:1:1:2:2:2" },
    // create, edit with a photo, edit, create.
    { seed: 1, path: "0:2:0:1:3:3:3:4:4:5:5:5:5:5:5" },
    // create with a photo, edit, the page loaded again.
    { seed: 3, path: "0:1:1:2:4:4:4:4:3" },
    // create, edit with a photo, edit (the device before the fix met the fixed server's 409 and stopped).
    { seed: 42, path: "12:2:0:1:2:2:5:5:7:6:5:5:5:5" },
  ])("holds on the sequence found before the fix (seed $seed, path $path)", async ({ seed, path }) => {
    await fc.assert(fc.asyncProperty(sequenceArb(24), holds), { seed, path, numRuns: 1, endOnFailure: true });
  });
});
