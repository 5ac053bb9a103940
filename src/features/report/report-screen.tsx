import { ArrowLeft, Bug, ExternalLink } from "lucide-react";
import Link from "next/link";
import { APP_NAME, APP_VERSION } from "@/domain/constants";

/**
 * How to report a problem, and what to leave out so the journal stays private. When the one running
 * the app has set ISSUE_TRACKER_URL, it also leads there.
 */
export function ReportScreen({ trackerUrl }: { trackerUrl: string | null }) {
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <Link href="/settings" className="inline-flex items-center gap-1 text-sm text-stone-600 hover:text-stone-900">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Settings
      </Link>
      <h1 className="flex items-center gap-2 text-2xl font-semibold text-stone-900">
        <Bug className="h-6 w-6 text-brand-700" aria-hidden /> Report an Issue
      </h1>
      <p className="text-stone-700">
        Thank you for taking the time. A good report helps a lot, and it never needs anything from your journal.
      </p>

      <section aria-labelledby="report-how" className="space-y-2">
        <h2 id="report-how" className="text-lg font-semibold text-stone-900">
          What helps
        </h2>
        <ul className="list-disc space-y-1 pl-5 text-sm text-stone-700">
          <li>What you did, step by step, and what you expected to happen.</li>
          <li>What happened instead: the message on the screen, word for word.</li>
          <li>
            The version: {APP_NAME} {APP_VERSION}, and where it runs (your own computer, a home server, a Hugging Face
            Space).
          </li>
          <li>Your browser and device, and whether it happens every time.</li>
          <li>
            Lines from the server&apos;s log around the problem (they start with [reverie]), once you have read them
            through.
          </li>
        </ul>
      </section>

      <section aria-labelledby="report-private" className="space-y-2">
        <h2 id="report-private" className="text-lg font-semibold text-stone-900">
          What to leave out
        </h2>
        <p className="text-sm text-stone-700">Reports are often public. Please keep these to yourself:</p>
        <ul className="list-disc space-y-1 pl-5 text-sm text-stone-700">
          <li>
            The text of your entries, chats, summaries or tags, and your personal notes. Describe them instead (&quot;a
            long entry with a photo&quot;).
          </li>
          <li>Photos, recordings and exports of your journal, and the database file or snapshots.</li>
          <li>Your passcode, API keys and anything else that looks like a secret, also in screenshots and logs.</li>
          <li>Your Space&apos;s or server&apos;s address, names of people and places.</li>
        </ul>
        <p className="text-sm text-stone-700">
          If a problem only shows with certain text, try to reproduce it with a made-up entry first.
        </p>
      </section>

      <section aria-labelledby="report-where" className="space-y-2">
        <h2 id="report-where" className="text-lg font-semibold text-stone-900">
          Where to send it
        </h2>
        {trackerUrl ? (
          <a
            href={trackerUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-2 rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            Open the issue tracker
            <ExternalLink className="h-4 w-4" aria-hidden />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : (
          <p className="text-sm text-stone-700">
            Send it to the person who runs this {APP_NAME} for you, or to the place you got {APP_NAME} from. Whoever
            runs it can put the address of their issue tracker here with the setting ISSUE_TRACKER_URL.
          </p>
        )}
      </section>
    </div>
  );
}
