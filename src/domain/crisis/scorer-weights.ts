import crisisScorer from "../../../models/crisis-scorer.json" with { type: "json" };
import type { ScorerWeights } from "./scorer";

/**
 * The learned scorer's weights: data in models/crisis-scorer.json, written by `npm run train:crisis`
 * (scripts/eval/train-crisis.ts) from the evaluation set. Server-only, like the rules.
 */
export const CRISIS_SCORER_WEIGHTS: ScorerWeights = {
  bias: crisisScorer.bias,
  threshold: crisisScorer.threshold,
  weights: crisisScorer.weights as Record<string, number>,
};
