"use client";
import { ArrowLeft, Phone } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { useCrisisHelp } from "@/client/crisis";
import { ChangeCountryLink, LocalLine } from "@/components/crisis/local-line";
import { Card, CardTitle } from "@/components/ui/card";
import { PROTOCOL_TITLE } from "@/domain/crisis/support-content";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid={`protocol-${id}`}
    >
      <h2 id={id} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-sm leading-6 text-stone-700 [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-1.5">
        {children}
      </div>
    </section>
  );
}

/**
 * The crisis protocol, published in the app: what the built-in check reads, when, what the app shows, what
 * never leaves the server, and its limits. Every sentence here must stay true to src/domain/crisis and the
 * server code that runs it (README.md in that folder).
 */
export function ProtocolScreen() {
  const { help } = useCrisisHelp();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link href="/get-help" className="inline-flex items-center gap-1 text-sm text-stone-600 hover:text-stone-900">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Back to Get help
      </Link>
      <div>
        <h1 className="text-2xl font-semibold text-stone-900 sm:text-3xl">{PROTOCOL_TITLE}</h1>
        <p className="mt-2 text-stone-600">
          Sometimes what you write is heavy. When it sounds like you might be thinking about ending your life or hurting
          yourself, Reverie makes sure help is in front of you. This page says plainly how that works.
        </p>
      </div>

      <Card className="border-rose-200 bg-rose-50/40" aria-labelledby="emergency">
        <CardTitle icon={<Phone className="h-5 w-5 text-rose-600" aria-hidden />}>
          <span id="emergency">In an emergency</span>
        </CardTitle>
        <p className="mb-3 text-sm text-stone-700">
          If you might act on thoughts of ending your life, or you are hurt, call your emergency number now, or go to
          the nearest emergency department. If you can, tell someone near you and stay with them. Reverie cannot call
          anyone for you.
        </p>
        <LocalLine help={help} showSource />
        <p className="mt-3 text-xs text-stone-600">
          <Link href="/get-help" className="font-medium underline underline-offset-2">
            Lines for other countries, and your safety plan, are on Get help
          </Link>
          . <ChangeCountryLink />
        </p>
      </Card>

      <Section id="what-is-checked" title="What is checked">
        <ul>
          <li>
            <strong>Your journal entries</strong>, while you write them in the editor.
          </li>
          <li>
            <strong>Your messages in Just Chatting</strong>, each one read together with your recent messages, so that
            something said over a few messages is noticed too.
          </li>
        </ul>
        <p>
          The check is built into Reverie and runs on this server, the one that keeps your journal. It needs no AI
          model: it works even with the offline analyzer or with no connection to any provider. It looks for words that
          can mean someone is at risk, such as wanting to die, having a plan, saying goodbye, or hurting yourself, and
          it tries to tell those apart from everyday phrases, stories, the news and the past.
        </p>
        <p>
          If you have chosen an AI model in Settings, your entry also goes to that model, as it does for the mood
          analysis, and the model is asked the same question. Its answer can only add to what the built-in check found,
          never take it away. In chat, the built-in check reads your message before any model is asked.
        </p>
      </Section>

      <Section id="when" title="When">
        <ul>
          <li>In the editor: when you pause typing for about a second, once the entry is longer than 50 characters.</li>
          <li>In chat: every time you send a message, before any reply is written.</li>
        </ul>
      </Section>

      <Section id="what-you-see" title="What you see">
        <ul>
          <li>
            <strong>In the editor</strong>, a panel called &quot;You&apos;re Not Alone&quot; opens: a few gentle words,
            small things to try tonight and tomorrow, your safety plan if you have written one, and the crisis line and
            emergency number for your country. It opens at most once while you write an entry, unless what you write
            sounds more serious.
          </li>
          <li>
            <strong>In chat</strong>, Reverie answers that message itself, whatever model you have chosen: it asks
            whether you are safe right now, gives your country&apos;s line with its hours, and points to your safety
            plan. A support card under the reply holds the line and opens the same panel. If you answer that you are not
            safe, or are not sure, it asks again. If you are worried about someone else, it says how to help them.
          </li>
          <li>
            <strong>Replies that describe ways to hurt yourself</strong> are never shown: if a model writes one, Reverie
            replaces it with its own answer.
          </li>
        </ul>
        <p>
          The country comes from your choice in Settings, or is guessed in your browser from its time zone and language.
          Each line shows when it answers and what a call costs.
        </p>
      </Section>

      <Section id="never-sent" title="What is never sent anywhere">
        <ul>
          <li>
            The check&apos;s result is used on this server to choose what to show you, and goes only to your own
            browser. It is not saved with your entries and not sent to any model or anyone else. (In chat,
            Reverie&apos;s own reply becomes part of the conversation, which your chosen model reads with your next
            messages, as it reads every message.)
          </li>
          <li>
            Nothing is reported to anyone. Reverie does not contact emergency services, a doctor, your family or the
            person who runs this server, and nobody is watching your journal.
          </li>
          <li>
            Reverie keeps one count: how many times crisis support was shown, per year. It holds no words, no dates and
            nothing that points to an entry or a message, and it never leaves this server. It is shown in Settings, so
            that whoever hosts Reverie for others can report how often support was offered.
          </li>
        </ul>
      </Section>

      <Section id="limits" title="What it can and cannot do">
        <ul>
          <li>
            It reads words, not you. It can miss things, especially when something is said in an unusual or indirect
            way, and it can be wrong, for example when you quote someone else. If it misses what you meant, please reach
            out anyway: the lines are always on Get help.
          </li>
          <li>It reads English best, and common phrasings in Spanish, French, German, Portuguese and Italian.</li>
          <li>
            It is not a person, not an emergency service, and not therapy or a diagnosis. The AI companion is not a
            person either.
          </li>
        </ul>
      </Section>
    </div>
  );
}
