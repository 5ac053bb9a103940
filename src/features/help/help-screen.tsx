import { ArrowLeft } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { MAX_IMPORT_LABEL } from "@/contracts/data-constants";
import { APP_NAME, MAX_MEDIA_LABEL, MAX_TAGS, REPORT_ISSUE_PATH } from "@/domain/constants";
import { HelpCrisisLine } from "./help-crisis-line";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-24 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold text-stone-900">
        {title}
      </h2>
      <div className="mt-4 space-y-4 text-sm leading-6 text-stone-700 [&_h3]:mt-5 [&_h3]:font-semibold [&_h3]:text-stone-900 [&_li]:ml-5 [&_li]:list-disc">
        {children}
      </div>
    </section>
  );
}

/** The user guide and the privacy policy, linked from Settings' support links. */
export function HelpScreen() {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link href="/settings" className="inline-flex items-center gap-1 text-sm text-stone-600 hover:text-stone-900">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Back to Settings
      </Link>
      <h1 className="text-2xl font-semibold text-stone-900">Help</h1>
      <nav aria-label="On this page" className="flex gap-4 text-sm">
        <a href="#guide" className="font-medium text-brand-700 hover:underline">
          User Guide
        </a>
        <a href="#privacy" className="font-medium text-brand-700 hover:underline">
          Privacy Policy
        </a>
        <Link href={REPORT_ISSUE_PATH} className="font-medium text-brand-700 hover:underline">
          Report an Issue
        </Link>
      </nav>

      <Section id="guide" title="User Guide">
        <h3>Writing</h3>
        <p>
          Open <Link href="/journal">Journal</Link> (or press N) to write. Give the entry a date, a title if you like,
          and your text; bold, italic and lists are on the toolbar. Add up to {MAX_TAGS} tags, and photos, video or
          audio of up to {MAX_MEDIA_LABEL} each, or record a voice note. Save Entry takes you to your timeline. A draft
          of a new entry is kept in this browser until you save it.
        </p>
        <h3>Reading back</h3>
        <p>
          The <Link href="/timeline">Timeline</Link> shows a calendar of your days or a list you can search and filter
          by date, mood, tags and media. Open an entry to read it in full, edit it or delete it. Home shows your
          progress, patterns and an &ldquo;On this day&rdquo; look back.
        </p>
        <h3>The AI companion</h3>
        <p>
          While you write, the model chosen in Settings suggests a mood, a summary, tags and questions to reflect on. In{" "}
          <Link href="/chat">Just Chatting</Link> (or press C) you can talk things through and turn the conversation
          into an entry with Generate Entry. The companion is not a medical or therapeutic tool; if you are in crisis,
          call your local line:
        </p>
        <HelpCrisisLine />
        <h3>Your data: export, import, clear</h3>
        <ul>
          <li>
            <strong>Export All Data</strong> (Settings) downloads one zip: <code>journal.json</code> with every entry,
            its tags, media details and your settings (never API keys), every photo, video and audio file, and a
            Markdown file per entry that any text editor can open.
          </li>
          <li>
            <strong>Import Data</strong> reads a {APP_NAME} export, a Day One export (JSON, or the zip with photos,
            videos and audio), a jrnl JSON export (<code>jrnl --export json</code>), a Journey export (zip), a Diarium
            JSON export, a Daylio CSV export (moods and activities become check-ins, notes become entries), an Apple
            Journal export (the zipped folder of HTML pages) or a zip of Markdown notes (Obsidian or Logseq daily notes,
            dated by their front matter or file name), up to {MAX_IMPORT_LABEL}. What a file is comes from its content,
            not its name. Entries already in your journal are skipped, never overwritten, so importing the same file
            twice is safe. A report lists what was imported, skipped or failed, and why.
          </li>
          <li>
            <strong>Clear All Data</strong> deletes every entry, media file, tag and setting, and the chat history and
            drafts kept in this browser, after you confirm. It cannot be undone: export first if you may want your
            journal back.
          </li>
        </ul>
      </Section>

      <Section id="privacy" title="Privacy Policy">
        <p>
          {APP_NAME} is a journal you run yourself. There is no account, no analytics, no advertising and no tracking,
          and the app loads nothing from other sites. Nobody but you, and whoever runs the server you use, can read what
          you write.
        </p>
        <h3>What is stored, and where</h3>
        <ul>
          <li>
            <strong>On the server that runs {APP_NAME}</strong> (your computer, home server or private space): your
            entries, tags, mood scores and AI summaries, your safety plan, and your settings (the chosen model, personal
            notes, cultural context), in one SQLite database file; photos, video and audio, with small previews of
            photos, in the upload folder. Nothing is sent anywhere to be stored.
          </li>
          <li>
            <strong>In this browser</strong>: your chat history with the companion, the draft of a new entry, recent
            searches, a copy of your safety plan (so that Get help shows it offline) and the navigation preference,
            under keys starting with <code>reverie:</code>. Clear All Data removes them (except the navigation
            preference, which describes this device, not your journal). The app&rsquo;s offline copy holds only the app
            itself, never journal data.
          </li>
          <li>
            <strong>API keys</strong> for cloud models are set as environment variables on the server. They are never
            shown in the browser and never included in an export.
          </li>
        </ul>
        <h3>What is sent to a model provider, and when</h3>
        <p>
          Only to the model you choose in Settings, and only when a feature needs it. With a{" "}
          <strong>local model</strong> (names starting with <code>ollama/</code>) or the built-in offline analyzer,
          nothing leaves your server. With a <strong>cloud model</strong>, the request goes from your server to that
          provider: <code>gemini/</code> models to Google&rsquo;s Gemini API, <code>openai/</code> models to
          OpenAI&rsquo;s API, under the provider&rsquo;s own terms.
        </p>
        <ul>
          <li>
            While you write an entry (over 50 characters, after a pause): its text, for mood analysis and a safety
            check; if the check is concerned, the text again for words of support.
          </li>
          <li>
            When you attach a photo or a recording: that file, for a description or a transcription; when you ask for
            deeper insights, the photo and the entry&rsquo;s text.
          </li>
          <li>
            In Just Chatting: your message, the last 10 messages of the conversation, your personal notes and cultural
            context from Settings and, if enabled, a few related journal entries; Generate Entry sends the conversation.
          </li>
          <li>On Home: entries of the last 30 days (text, mood, themes), for patterns, themes and growth insights.</li>
          <li>Test Connection in Settings: a short test message, no journal text.</li>
        </ul>
        <p>
          Nothing is sent in the background or on a schedule, and imports, exports and clearing never involve a model.
        </p>
        <h3>Questions</h3>
        <p>
          To report a problem or ask a question, see{" "}
          <Link href={REPORT_ISSUE_PATH} className="text-brand-700 underline">
            Report an Issue
          </Link>
          : how to describe it, and what to leave out so that your journal stays private.
        </p>
      </Section>
    </div>
  );
}
