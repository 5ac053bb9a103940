/**
 * The guided reflections' names and state, apart from their questions (src/domain/guided.ts), so that the
 * chat screen and the contracts carry only these few words on first load.
 */
export const GUIDED_FLOWS = ["vent", "worry", "gratitude", "plan", "wind-down"] as const;
export type GuidedFlowId = (typeof GUIDED_FLOWS)[number];

/** The flows as the chat offers them. */
export const GUIDED_FLOW_LABELS: Record<GuidedFlowId, string> = {
  vent: "Vent and be heard",
  worry: "Untangle a worry",
  gratitude: "Gratitude",
  plan: "Plan tomorrow",
  "wind-down": "Wind down",
};

/** Where a reflection is: which one, and the answers given so far (one per question asked). */
export interface GuideState {
  flow: GuidedFlowId;
  answers: string[];
}

export const isGuidedFlow = (v: unknown): v is GuidedFlowId =>
  typeof v === "string" && (GUIDED_FLOWS as readonly string[]).includes(v);
