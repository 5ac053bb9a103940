import "server-only";
import { MemoryProposalSchema, type MemoryProposalsDto } from "@/contracts/memory";
import { factKey, MAX_MEMORY_FACTS, MAX_MEMORY_PROPOSALS, normalizeFact, proposeFactsFromText } from "@/domain/memory";
import { memoryEnabled, rememberedTexts } from "@/server/memory/service";
import { currentModel, currentModelName } from "../current";
import { structuredSystem } from "../prompts";
import { generateStructured } from "../structured";

/**
 * Facts proposed from a message or an entry, for the person to confirm. Nothing while memory is off (the
 * text is then not read at all). With a model, the model proposes (its answer read by the task's schema);
 * without one, the built-in patterns do. Facts already remembered are never proposed again.
 */
export async function proposeFacts(text: string, signal?: AbortSignal): Promise<MemoryProposalsDto> {
  if (!(await memoryEnabled()) || !text.trim()) return { proposals: [], model: await currentModelName() };
  const model = await currentModel();
  const known = await rememberedTexts();
  if (known.length >= MAX_MEMORY_FACTS) return { proposals: [], model: model.name };
  if (model.kind === "offline") return { proposals: proposeFactsFromText(text, known), model: model.name };
  const out = await generateStructured({
    model,
    task: "propose-memory",
    system: structuredSystem("propose-memory"),
    messages: [
      {
        role: "user",
        content: `Facts already known:\n${known.map((k) => `- ${k}`).join("\n") || "(none)"}\n\nText:\n"""\n${text}\n"""`,
      },
    ],
    schema: MemoryProposalSchema,
    signal,
  });
  const keys = new Set(known.map(factKey));
  const proposals: string[] = [];
  for (const raw of out.facts) {
    const f = normalizeFact(raw);
    if (!f || keys.has(factKey(f))) continue;
    keys.add(factKey(f));
    proposals.push(f);
    if (proposals.length >= MAX_MEMORY_PROPOSALS) break;
  }
  return { proposals, model: model.name };
}
