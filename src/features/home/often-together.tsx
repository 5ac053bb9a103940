"use client";
import { useQuery } from "@tanstack/react-query";
import { Link2 } from "lucide-react";
import { checkinQueries } from "@/client/checkins";
import { addDaysToKey } from "@/domain/dates";
import { MIN_CORRELATION_DAYS, shownCorrelations, togetherSentence } from "@/domain/checkins";
import { Panel, Quiet } from "./panel";
import { useHomeWindow } from "./use-home-data";

/** The window of the "often together" figures: the last year of check-ins. */
const WINDOW_DAYS = 365;

/**
 * "Often together": how the person's mood on days with each activity compares with their average day,
 * with the number of days behind it. Activities with fewer than min_days days are left out, and the
 * card never says one thing causes another.
 */
export function OftenTogether({ className }: { className?: string }) {
  const { tz, today } = useHomeWindow();
  const q = useQuery(checkinQueries.correlations(addDaysToKey(today, -(WINDOW_DAYS - 1)), today, tz));
  if (!q.data || q.data.days === 0) return null;
  const rows = shownCorrelations(q.data);
  const minDays = q.data.min_days ?? MIN_CORRELATION_DAYS;
  return (
    <Panel title="Often together" icon={<Link2 className="h-4 w-4" aria-hidden />} className={className}>
      {rows.length === 0 ? (
        <Quiet>
          When an activity has {minDays} days of check-ins or more, you will see here how your mood on those days
          compares with your average day ({q.data.days} {q.data.days === 1 ? "day" : "days"} of check-ins so far).
        </Quiet>
      ) : (
        <ul className="space-y-2" data-testid="often-together">
          {rows.slice(0, 6).map((a) => (
            <li key={a.name} className="text-sm text-stone-800" data-activity={a.name}>
              {togetherSentence(a)}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-4 text-xs text-stone-500">
        Compared with your average day ({q.data.average_mood?.toFixed(1)}/10) over {q.data.days}{" "}
        {q.data.days === 1 ? "day" : "days"} of check-ins. Things that go together do not always cause each other.
      </p>
    </Panel>
  );
}
