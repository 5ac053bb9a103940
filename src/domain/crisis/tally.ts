/**
 * The count-only tally of crisis referrals: how many times the app showed crisis support (the support panel
 * in the editor, the crisis reply and support card in chat), per calendar year. It is one Config row per year,
 * `crisis_referrals.2026` = "3": counts only, no words, no ids, no date finer than the year. It never leaves
 * the server except to the person's own Settings screen, so that whoever hosts Reverie for others can report
 * how often support was offered. The server writes it; no request may set it (PUT /config refuses the keys),
 * export and import leave it out, and Clear All Data and "reset settings" keep it (it holds none of the
 * person's words).
 */

export const CRISIS_TALLY_PREFIX = "crisis_referrals.";
const TALLY_KEY_RE = /^crisis_referrals\.(\d{4})$/u;

export const crisisTallyKey = (year: number) => `${CRISIS_TALLY_PREFIX}${year}`;

/** Is this config key one of the tally's (or shaped like one)? Such keys are the server's alone. */
export const isCrisisTallyKey = (key: string) => key.startsWith(CRISIS_TALLY_PREFIX);

export interface TallyYear {
  year: number;
  count: number;
}

/** The tally from a config map, newest year first; anything that is not a year and a count is ignored. */
export function readCrisisTally(config: Readonly<Record<string, string>>): TallyYear[] {
  const out: TallyYear[] = [];
  for (const [key, value] of Object.entries(config)) {
    const m = TALLY_KEY_RE.exec(key);
    if (!m || !/^\d{1,9}$/u.test(value)) continue;
    out.push({ year: Number(m[1]), count: Number(value) });
  }
  return out.sort((a, b) => b.year - a.year);
}

/** "2026: 3 times", "2025: once". */
export function tallyWords({ year, count }: TallyYear): string {
  return `${year}: ${count === 1 ? "once" : `${count} times`}`;
}
