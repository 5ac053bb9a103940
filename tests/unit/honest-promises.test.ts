import { describe, expect, it } from "vitest";
import type { ModelInfoDto } from "@/contracts/config";
import { modelAbilities, privacyPromise, whereWordsGo } from "@/domain/models";
import { enableHints, groupModels } from "@/features/settings/model-groups";

describe("where the words go", () => {
  it("stays on this server for the offline analyzer, Ollama and anything unknown", () => {
    for (const m of ["local/offline", "ollama/gemma3n:e4b", "ollama/llama3.2:3b", null, undefined, "", "mistral/x"])
      expect(whereWordsGo(m)).toEqual({ place: "server", label: "Stays on this server" });
  });
  it("names the company for a cloud model", () => {
    expect(whereWordsGo("gemini/gemini-2.5-flash")).toEqual({ place: "cloud", label: "Sent to Google Gemini" });
    expect(whereWordsGo("gemini/gemma-3n-e4b-it").label).toBe("Sent to Google Gemini");
    expect(whereWordsGo("openai/gpt-4o-mini")).toEqual({ place: "cloud", label: "Sent to OpenAI" });
  });
});

describe("what a model can take besides text", () => {
  it("the offline analyzer reads text only, Ollama no audio, cloud models both", () => {
    expect(modelAbilities("local/offline")).toEqual({ images: false, audio: false });
    expect(modelAbilities(undefined)).toEqual({ images: false, audio: false });
    expect(modelAbilities("ollama/gemma3n:e4b")).toEqual({ images: true, audio: false });
    expect(modelAbilities("gemini/gemini-2.5-flash")).toEqual({ images: true, audio: true });
    expect(modelAbilities("openai/gpt-4o")).toEqual({ images: true, audio: true });
  });
});

const m = (id: string, available: boolean, extra: Partial<ModelInfoDto> = {}): ModelInfoDto => ({
  id,
  name: id,
  provider: id.split("/")[0] as ModelInfoDto["provider"],
  local: id.startsWith("ollama/") || id.startsWith("local/"),
  available,
  ...extra,
});

const KEY_REASON = "Set GOOGLE_GENERATIVE_AI_API_KEY or GEMINI_API_KEY in the server environment to use this model.";
const DEFAULT_LIST: ModelInfoDto[] = [
  m("local/offline", true),
  m("gemini/gemma-3n-e2b-it", false, { reason: KEY_REASON }),
  m("gemini/gemini-2.5-flash", false, { reason: KEY_REASON, recommended: true }),
  m("openai/gpt-4o", false, { reason: "Set OPENAI_API_KEY in the server environment to use this model." }),
  m("ollama/gemma3n:e4b", false, { reason: "Ollama is not reachable at http://127.0.0.1:11434." }),
  m("ollama/gemma3n:e2b", false, { reason: "Ollama is not reachable at http://127.0.0.1:11434." }),
];

describe("which models are choices", () => {
  it("offers only usable models: the default setup has one choice, the offline analyzer", () => {
    const groups = groupModels(DEFAULT_LIST, "local/offline");
    expect(groups.flatMap((g) => g.choices.map((c) => c.id))).toEqual(["local/offline"]);
    expect(groups.flatMap((g) => g.choices).every((c) => c.available)).toBe(true);
  });

  it("keeps the current model even when it cannot be used, saying why", () => {
    const choices = groupModels(DEFAULT_LIST, "gemini/gemini-2.5-flash").flatMap((g) => g.choices);
    expect(choices.map((c) => c.id)).toEqual(["gemini/gemini-2.5-flash", "local/offline"]);
    expect(choices[0].status).toContain("GOOGLE_GENERATIVE_AI_API_KEY");
  });

  it("offers a cloud model once its key is set, and installed Ollama models", () => {
    const list = [
      m("local/offline", true),
      m("gemini/gemini-2.5-flash", true),
      m("ollama/gemma3n:e4b", true, { installed: true }),
      m("ollama/gemma3n:e2b", false, {
        installed: false,
        reason: 'Not installed in Ollama: run "ollama pull gemma3n:e2b".',
      }),
    ];
    expect(groupModels(list, "local/offline").flatMap((g) => g.choices.map((c) => c.id))).toEqual([
      "gemini/gemini-2.5-flash",
      "ollama/gemma3n:e4b",
      "local/offline",
    ]);
    expect(enableHints(list)).toEqual(['To use gemma3n:e2b, run "ollama pull <name>" on the Ollama server.']);
  });

  it("summarises unusable models in one quiet line per provider", () => {
    expect(enableHints(DEFAULT_LIST)).toEqual([
      "Set GOOGLE_GENERATIVE_AI_API_KEY on the server to use Gemini.",
      "Set OPENAI_API_KEY on the server to use OpenAI.",
      "Ollama is not reachable at http://127.0.0.1:11434: start it to use local models.",
    ]);
    expect(enableHints(DEFAULT_LIST.filter((x) => x.available))).toEqual([]);
  });
});

describe("Home's privacy promise follows the model", () => {
  it("says the words stay here only when they do", () => {
    expect(privacyPromise("local/offline")).toBe("Your words stay on this server.");
    expect(privacyPromise("ollama/gemma3n:e4b")).toBe("Your words stay on this server.");
    expect(privacyPromise("gemini/gemini-2.5-flash")).toBe(
      "Your entries are kept on this server; what you write is sent to Google Gemini for the AI readings.",
    );
    expect(privacyPromise("openai/gpt-4o")).toContain("sent to OpenAI");
    expect(privacyPromise(undefined)).toBe("Your entries are kept on this server.");
    for (const m of ["gemini/gemini-2.5-flash", "openai/gpt-4o", undefined])
      expect(privacyPromise(m)).not.toMatch(/stay/u);
  });
});
