import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ExportedTemplateSchema, TemplateCreateSchema } from "@/contracts/templates";
import { parseDraft } from "@/domain/editor";
import { BUILT_IN_TEMPLATES } from "@/domain/template-builtins";
import {
  MAX_TEMPLATE_NAME,
  MAX_TEMPLATE_PROMPT,
  MAX_TEMPLATE_PROMPTS,
  applyTemplate,
  isUntouchedTemplate,
  moveTemplate,
  normalizePrompts,
  parseTemplateGuide,
  sortTemplates,
  stripUnansweredPrompts,
  templateNameKey,
} from "@/domain/templates";

const guide = { body: "**Evening**", prompts: ["What went well?", "What was hard?", "What can I let go of?"] };

describe("applyTemplate", () => {
  it("writes the body, then each prompt as its own paragraph, ending on a new line", () => {
    expect(applyTemplate(guide)).toBe("**Evening**\n\nWhat went well?\n\nWhat was hard?\n\nWhat can I let go of?\n");
  });
  it("leaves out an empty body and gives nothing for an empty template", () => {
    expect(applyTemplate({ body: "  \n", prompts: ["One?"] })).toBe("One?\n");
    expect(applyTemplate({ body: "", prompts: [] })).toBe("");
  });
});

describe("stripUnansweredPrompts", () => {
  const applied = applyTemplate(guide);

  it("takes out every prompt when none is answered, keeping the body", () => {
    expect(stripUnansweredPrompts(applied, guide.prompts)).toBe("**Evening**");
  });

  it("keeps an answered prompt as the heading of its answer and takes out the others", () => {
    const text = applied.replace("What was hard?\n", "What was hard?\nThe long meeting.\n");
    expect(stripUnansweredPrompts(text, guide.prompts)).toBe("**Evening**\n\nWhat was hard?\nThe long meeting.");
  });

  it("counts an answer written further down, after empty lines, up to the next prompt", () => {
    const text = "What went well?\n\n\n  a walk  \nWhat was hard?\n   \n";
    expect(stripUnansweredPrompts(text, guide.prompts)).toBe("What went well?\n\n\n  a walk  ");
  });

  it("keeps a prompt the person changed: those are their words", () => {
    const text = "What went well today, honestly?\n\nWhat was hard?\n";
    expect(stripUnansweredPrompts(text, guide.prompts)).toBe("What went well today, honestly?");
  });

  it("matches prompt lines with spaces around them, and Windows line ends", () => {
    expect(stripUnansweredPrompts("Note\r\n  What was hard?  \r\n\r\n", guide.prompts)).toBe("Note");
  });

  it("returns the text exactly as it was when nothing is taken out", () => {
    const text = "  My own words\n\n\n\nWhat went well?\nSun.\n\n";
    expect(stripUnansweredPrompts(text, guide.prompts)).toBe(text);
    expect(stripUnansweredPrompts(text, [])).toBe(text);
    expect(stripUnansweredPrompts("", guide.prompts)).toBe("");
  });

  it("never takes out a line that is not one of the prompts (property)", () => {
    const line = fc.string({ maxLength: 12 }).filter((s) => !s.includes("\n") && !s.includes("\r"));
    fc.assert(
      fc.property(fc.array(fc.oneof(line, fc.constantFrom(...guide.prompts)), { maxLength: 12 }), (lines) => {
        const out = stripUnansweredPrompts(lines.join("\n"), guide.prompts);
        const own = lines.filter((l) => l.trim() && !guide.prompts.includes(l.trim())).map((l) => l);
        // Every line with words of the person's own is still there, in order.
        let at = 0;
        for (const l of own) {
          const i = out.indexOf(l, at);
          expect(i).toBeGreaterThanOrEqual(0);
          at = i + l.length;
        }
        // No prompt is left without an answer under it.
        const outLines = out.split("\n");
        outLines.forEach((l, i) => {
          if (!guide.prompts.includes(l.trim())) return;
          let j = i + 1;
          while (j < outLines.length && !guide.prompts.includes(outLines[j]!.trim())) j++;
          expect(outLines.slice(i + 1, j).some((x) => x.trim())).toBe(true);
        });
      }),
    );
  });
});

describe("isUntouchedTemplate", () => {
  it("is true for the template as applied, false once a word is added, and without a template", () => {
    const applied = applyTemplate(guide);
    expect(isUntouchedTemplate(applied, guide)).toBe(true);
    expect(isUntouchedTemplate(`${applied}x`, guide)).toBe(false);
    expect(isUntouchedTemplate(applied.replace("**Evening**", "**Evening** rain"), guide)).toBe(false);
    expect(isUntouchedTemplate("", null)).toBe(false);
  });
});

describe("the built-in templates", () => {
  it("are well formed: unique keys and names, valid as an export, prompts tidy, bodies short", () => {
    expect(BUILT_IN_TEMPLATES.map((t) => t.key)).toEqual([
      "morning-pages",
      "evening-reflection",
      "gratitude",
      "thought-record",
      "weekly-review",
      "hard-day",
    ]);
    expect(new Set(BUILT_IN_TEMPLATES.map((t) => templateNameKey(t.name))).size).toBe(BUILT_IN_TEMPLATES.length);
    BUILT_IN_TEMPLATES.forEach((t, i) => {
      const parsed = ExportedTemplateSchema.parse({
        ...t,
        position: i,
        hidden: false,
        built_in: t.key,
        is_default: false,
      });
      expect(parsed.name).toBe(t.name);
      expect(parsed.prompts).toEqual(t.prompts);
      expect(normalizePrompts(t.prompts)).toEqual(t.prompts);
      expect(t.prompts.length).toBeGreaterThan(0);
      expect(t.prompts.length).toBeLessThanOrEqual(MAX_TEMPLATE_PROMPTS);
      expect(t.body.length).toBeLessThan(200);
      // Applied and left unanswered, only the body is saved.
      expect(stripUnansweredPrompts(applyTemplate(t), t.prompts)).toBe(t.body);
    });
  });

  it("name the thought record's steps and the hard day's three questions", () => {
    const text = (key: string) =>
      BUILT_IN_TEMPLATES.find((t) => t.key === key)!
        .prompts.join(" ")
        .toLowerCase();
    for (const w of ["situation", "feeling", "thought", "evidence for", "evidence against", "kinder view"])
      expect(text("thought-record")).toContain(w);
    for (const w of ["what happened", "what i need", "small kind thing"]) expect(text("hard-day")).toContain(w);
    expect(BUILT_IN_TEMPLATES.find((t) => t.key === "gratitude")!.prompts).toHaveLength(3);
  });
});

describe("the template contract", () => {
  it("tidies names and prompts and refuses what is too long", () => {
    const ok = TemplateCreateSchema.parse({ name: "  A   b ", prompts: [" x ", "x", " "] });
    expect(ok).toEqual({ name: "A b", body: "", prompts: ["x"] });
    expect(TemplateCreateSchema.safeParse({ name: "n".repeat(MAX_TEMPLATE_NAME + 1) }).success).toBe(false);
    expect(TemplateCreateSchema.safeParse({ name: "n", prompts: ["p".repeat(MAX_TEMPLATE_PROMPT + 1)] }).success).toBe(
      false,
    );
  });
});

describe("ordering", () => {
  it("sorts by position, then name", () => {
    const list = [
      { position: 2, name: "b" },
      { position: 0, name: "z" },
      { position: 2, name: "a" },
    ];
    expect(sortTemplates(list).map((t) => t.name)).toEqual(["z", "a", "b"]);
  });
  it("moves one up or down, and leaves the list at its ends", () => {
    expect(moveTemplate(["a", "b", "c"], "b", -1)).toEqual(["b", "a", "c"]);
    expect(moveTemplate(["a", "b", "c"], "b", 1)).toEqual(["a", "c", "b"]);
    expect(moveTemplate(["a", "b", "c"], "a", -1)).toEqual(["a", "b", "c"]);
    expect(moveTemplate(["a", "b", "c"], "c", 1)).toEqual(["a", "b", "c"]);
    expect(moveTemplate(["a"], "x", 1)).toEqual(["a"]);
  });
});

describe("parseTemplateGuide", () => {
  it("reads a kept guide and refuses anything else", () => {
    expect(parseTemplateGuide({ body: "b", prompts: ["p", 3] })).toEqual({ body: "b", prompts: ["p"] });
    expect(parseTemplateGuide({ body: 1, prompts: [] })).toBeNull();
    expect(parseTemplateGuide("x")).toBeNull();
    expect(parseTemplateGuide(null)).toBeNull();
  });
});

describe("a draft keeps the template it started from", () => {
  it("reads the guide back with the draft, and none when it is malformed", () => {
    const kept = parseDraft({ version: 1, content: "Q?\n", guide: { body: "", prompts: ["Q?"] } });
    expect(kept?.guide).toEqual({ body: "", prompts: ["Q?"] });
    expect(parseDraft({ version: 1, content: "x", guide: { body: 3 } })?.guide).toBeUndefined();
  });
});
