import { describe, expect, it } from "vitest";
import { extractJson } from "@/server/ai/json-repair";

describe("extractJson", () => {
  it.each([
    ['{"a": 1}', { a: 1 }],
    ['Sure! Here\'s the result:\n```json\n{"a": 1, "b": ["x"]}\n```\nHope it helps!', { a: 1, b: ["x"] }],
    ["{a: 1, b: 'two',}", { a: 1, b: "two" }],
    ["{'note': 'don't stop', 'n': 2}", { note: "don't stop", n: 2 }],
    ['{"text": "He said "hi" to me", "ok": True}', { text: 'He said "hi" to me', ok: true }],
    ['{"lines": "one\ntwo"}', { lines: "one\ntwo" }],
    ['{"a": 1, "b": [1, 2', { a: 1, b: [1, 2] }],
    ['{"a": "cut off', { a: "cut off" }],
    ['// comment\n{"url": "http://x.y/z", /* c */ "v": None}', { url: "http://x.y/z", v: null }],
    ["\u201ca\u201d: 1", undefined],
    ["{\u201ca\u201d: 1}", { a: 1 }],
    ['[{"a": 1}]', [{ a: 1 }]],
  ])("%s", (text, expected) => {
    expect(extractJson(text)).toEqual(expected);
  });

  it("gives undefined for prose and for bare values", () => {
    expect(extractJson("I think the mood is good.")).toBeUndefined();
    expect(extractJson("42")).toBeUndefined();
    expect(extractJson("")).toBeUndefined();
  });
});
