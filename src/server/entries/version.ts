import "server-only";
import { processSlots } from "@/server/runtime";

/** A counter bumped by every write to entries, so that derived figures can be cached safely. */
const g = processSlots<{ __reverieDataVersion?: number }>();

export function dataVersion(): number {
  return g.__reverieDataVersion ?? 0;
}

export function bumpDataVersion(): void {
  g.__reverieDataVersion = dataVersion() + 1;
}
