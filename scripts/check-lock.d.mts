/** The differences between two lockfiles' `packages`: `real` changes and optional `platform` entries. */
export function lockDrift(
  before: Record<string, Record<string, unknown>>,
  after: Record<string, Record<string, unknown>>,
): { real: string[]; platform: string[] };
