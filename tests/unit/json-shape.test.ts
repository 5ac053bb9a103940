import { describe, expect, it } from "vitest";
import { JsonShapeError, JsonShapeGuard, checkJsonShape, type JsonShapeLimits } from "@/domain/json-shape";

const enc = new TextEncoder();
const limits: JsonShapeLimits = { maxDepth: 4, maxValues: 50, maxArrayItems: 10, maxObjectKeys: 5, maxStringBytes: 20 };
const check = (text: string, l = limits) => checkJsonShape([enc.encode(text)], l);
const refusal = (text: string, l = limits) => {
  try {
    check(text, l);
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(JsonShapeError);
    return (e as Error).message;
  }
};

describe("the shape of a JSON document, checked while streaming (finding 4)", () => {
  it("counts values, not bytes", () => {
    expect(check('{"a": [1, 2.5e3, true, null, "x"], "b": {"c": "d"}}').values).toBe(9);
    expect(check('"a \\" quoted [ { , : string"', { ...limits, maxStringBytes: 100 }).values).toBe(1);
  });

  it("refuses too deep, too many values, too long a list, too many keys, too long a text", () => {
    expect(refusal("[[[[[1]]]]]")).toMatch(/nested more than 4/u);
    expect(refusal(`[${"[],".repeat(9)}[]]`)).toBeNull();
    expect(refusal(`[${Array(11).fill(0).join(",")}]`)).toMatch(/more than 10 items/u);
    expect(refusal(`{${Array.from({ length: 6 }, (_, i) => `"k${i}":1`).join(",")}}`)).toMatch(/more than 5 keys/u);
    expect(refusal(`["${"x".repeat(21)}"]`)).toMatch(/longer than/u);
    expect(refusal(`[${Array(9).fill('{"a":[1,2,3,4]}').join(",")}]`, { ...limits, maxValues: 30 })).toMatch(
      /more than 30 values/u,
    );
  });

  it("gives the same answer however the bytes are split", () => {
    const text = enc.encode('{"entries":[{"t":"a\\"b","n":[1,2,3]},{"t":"c"}],"x":null}');
    const whole = new JsonShapeGuard(limits);
    whole.push(text);
    const split = new JsonShapeGuard(limits);
    for (const b of text) split.push(new Uint8Array([b]));
    expect(split.values).toBe(whole.values);
  });

  it("refuses a bomb of millions of tiny objects in constant memory", () => {
    const piece = enc.encode("{},".repeat(100_000));
    const g = new JsonShapeGuard();
    g.push(enc.encode("["));
    expect(() => {
      for (let i = 0; i < 100; i++) g.push(piece);
    }).toThrow(/more than/u);
  });
});
