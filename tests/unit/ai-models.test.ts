import { describe, expect, it } from "vitest";
import {
  capabilityMessage,
  isCapabilityErrorText,
  isLocalModel,
  modelLabel,
  parseModelName,
  requiresApiKey,
} from "@/domain/models";
import { providerBaseUrl } from "@/server/ai/providers";

describe("model names", () => {
  it("parses by prefix", () => {
    expect(parseModelName("gemini/gemma-3n-e4b-it")).toEqual({ provider: "gemini", model: "gemma-3n-e4b-it" });
    expect(parseModelName("ollama/gemma3n:e4b")).toEqual({ provider: "ollama", model: "gemma3n:e4b" });
    expect(parseModelName("openai/ft:gpt-4o:my-org:x1")).toEqual({ provider: "openai", model: "ft:gpt-4o:my-org:x1" });
    expect(parseModelName("local/offline")).toEqual({ provider: "local", model: "offline" });
    for (const bad of ["gpt-4o", "mistral/large", "gemini/", "/x", "local/other", ""])
      expect(parseModelName(bad)).toBeNull();
  });
  it("knows which models are local and which need a key", () => {
    expect(isLocalModel("ollama/gemma3n:e2b")).toBe(true);
    expect(isLocalModel("local/offline")).toBe(true);
    expect(isLocalModel("gemini/gemini-2.5-flash")).toBe(false);
    expect(requiresApiKey("openai/gpt-4o")).toBe(true);
    expect(requiresApiKey("ollama/llama3")).toBe(false);
    expect(modelLabel("gemini/gemini-2.5-flash")).toBe("gemini-2.5-flash (Gemini)");
  });
});

describe("capability errors (spec section 8)", () => {
  it.each([
    "Image input modality is not enabled for models/gemma-3n-e4b-it",
    "Audio input modality is not enabled for models/gemma-3n-e4b-it",
    "This model does not support image input",
    "multimodal is not supported by this model",
    "Unsupported modality: audio",
    "The requested modality is not supported",
  ])("%s", (text) => expect(isCapabilityErrorText(text)).toBe(true));
  it.each(["Invalid API key", "Rate limit reached", "Internal error", "Image too large"])("not: %s", (text) =>
    expect(isCapabilityErrorText(text)).toBe(false),
  );
  it("words the message as the spec does", () => {
    expect(capabilityMessage("Audio")).toBe("Audio processing is not supported by the current model");
  });
});

describe("provider base URLs", () => {
  it("adds the provider's path to a bare origin and keeps a given path", () => {
    expect(providerBaseUrl("gemini", "http://127.0.0.1:4010")).toBe("http://127.0.0.1:4010/v1beta");
    expect(providerBaseUrl("openai", "http://127.0.0.1:4010/")).toBe("http://127.0.0.1:4010/v1");
    expect(providerBaseUrl("ollama", "http://gpu-box:11434")).toBe("http://gpu-box:11434/api");
    expect(providerBaseUrl("ollama", "https://proxy.lan/ollama/api/")).toBe("https://proxy.lan/ollama/api");
    expect(providerBaseUrl("gemini", undefined)).toBeUndefined();
  });
});
