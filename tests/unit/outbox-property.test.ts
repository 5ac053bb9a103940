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

const holds = (actions: Action[]) => harness.run(actions).then((problems) => expect(problems).toEqual([]));

describe("the device outbox, by property", () => {
  it(`ends every sequence with the server holding exactly the last saved version (${RUNS} sequences)`, async () => {
    const t = performance.now();
    try {
      await fc.assert(
        fc.asyncProperty(sequenceArb(24), async (actions) => {
          const problems = await harness.run(actions);
          if (problems.length) throw new Error(problems.join("\n"));
        }),
        { numRuns: RUNS, seed: SEED },
      );
    } finally {
      console.log(figuresLine("outbox property (model server)", harness.figures, SEED, performance.now() - t));
    }
    expect(harness.figures.lost).toBe(0);
    expect(harness.figures.duplicated).toBe(0);
  }, 300_000);
});
