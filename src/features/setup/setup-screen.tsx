import { KeyRound } from "lucide-react";
import { APP_NAME } from "@/domain/constants";

/** Shown instead of every page on a Space that has no passcode yet (see src/server/security/space.ts). */
export function SetupScreen({ spaceId }: { spaceId: string | null }) {
  const settings =
    spaceId && /^[\w.-]+\/[\w.-]+$/u.test(spaceId) ? `https://huggingface.co/spaces/${spaceId}/settings` : null;
  return (
    <div className="mx-auto mt-12 max-w-xl rounded-2xl border border-stone-200 bg-white p-8 shadow-sm">
      <div className="mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <KeyRound className="h-6 w-6" aria-hidden />
      </div>
      <h1 className="text-xl font-semibold text-stone-900">One step before {APP_NAME} opens</h1>
      <p className="mt-2 text-sm text-stone-700">
        This journal runs on a Hugging Face Space, and a Space can be reached by anyone who knows its address. So that
        your entries stay yours, {APP_NAME} keeps the journal closed until it has a passcode. Nothing has been read or
        written.
      </p>
      <h2 className="mt-6 text-sm font-semibold text-stone-900">Set the passcode</h2>
      <ol className="mt-2 list-decimal space-y-2 pl-5 text-sm text-stone-700">
        <li>
          Open your Space&apos;s <strong>Settings</strong>
          {settings && (
            <>
              {" "}
              (
              <a href={settings} rel="noopener noreferrer" className="text-brand-700 underline">
                {settings}
              </a>
              )
            </>
          )}
          .
        </li>
        <li>
          Under <strong>Variables and secrets</strong>, choose <strong>New secret</strong>.
        </li>
        <li>
          Name it <code className="rounded bg-stone-100 px-1">APP_PASSWORD</code> and give it a passcode only you know.
        </li>
        <li>The Space restarts by itself. Open it again and unlock your journal with the passcode.</li>
      </ol>
      <p className="mt-6 text-xs text-stone-500">
        To run the journal without a passcode on purpose (anyone with the address could then read and change it), add
        the variable <code className="rounded bg-stone-100 px-1">ALLOW_OPEN_JOURNAL</code> with the value{" "}
        <code className="rounded bg-stone-100 px-1">1</code> instead.
      </p>
    </div>
  );
}
