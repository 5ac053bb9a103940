"use client";
import { ChevronRight, HandHeart, HeartHandshake, LifeBuoy, Pencil, Phone, ShieldCheck } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { emptyPlan, useCrisisHelp, useSafetyPlan } from "@/client/crisis";
import { ChangeCountryLink, LineSource, LocalLine, PhoneFacts } from "@/components/crisis/local-line";
import { SafetyPlanView } from "@/components/crisis/safety-plan-view";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { isEmptySafetyPlan } from "@/contracts/safety-plan-constants";
import {
  CRISIS_COUNTRIES,
  HELPLINE_DIRECTORY_URL,
  phoneFactsPhrase,
  primaryLine,
  reachLabel,
  textFactsLine,
} from "@/domain/crisis/lines";
import { PROTOCOL_PATH, PROTOCOL_TITLE } from "@/domain/crisis/support-content";
import { SafetyPlanEditor } from "./safety-plan-editor";

/**
 * Get help: the local crisis line and emergency number, how to help someone else, the person's safety
 * plan, and the lines of every country in the table. The page's shell is kept by the service worker and
 * the plan by this browser, so it opens without a connection.
 */
export function GetHelpScreen() {
  const { help, source } = useCrisisHelp();
  const primary = primaryLine(help);
  const plan = useSafetyPlan();
  const [editing, setEditing] = useState(false);
  // The table of every country is drawn only once opened: the page stays light on a phone.
  const [allOpen, setAllOpen] = useState(false);
  const planData = plan.data?.plan ?? null;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-stone-900 sm:text-3xl">Get help</h1>
        <p className="mt-1 text-stone-600">
          If things feel too much right now, you don&apos;t have to carry them alone. Talking to someone can help,
          tonight.
        </p>
      </div>

      <Card className="border-rose-200 bg-rose-50/40" aria-labelledby="talk-now">
        <CardTitle icon={<Phone className="h-5 w-5 text-rose-600" aria-hidden />}>
          <span id="talk-now">Talk to someone now</span>
        </CardTitle>
        <LocalLine help={help} showSource />
        <p className="mt-3 text-xs text-stone-600">
          {source === "setting"
            ? "Country chosen in Settings."
            : source === "none"
              ? "We could not tell your country."
              : `Country guessed from this browser's ${source}.`}{" "}
          <ChangeCountryLink />
        </p>
      </Card>

      <Card aria-labelledby="safety-plan-title" id="safety-plan" className="scroll-mt-20">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle icon={<LifeBuoy className="h-5 w-5 text-brand-600" aria-hidden />} className="mb-0">
            <span id="safety-plan-title">My safety plan</span>
          </CardTitle>
          {!editing && !plan.data?.offline && (plan.isSuccess || plan.isError) && (
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              <Pencil className="h-4 w-4" aria-hidden />
              {planData && !isEmptySafetyPlan(planData) ? "Edit my plan" : "Write my plan"}
            </Button>
          )}
        </div>
        <p className="mt-2 text-sm text-stone-600">
          Six short steps, in your own words, for when things get hard: what to watch for, what helps, and who to reach.
        </p>
        <div className="mt-4">
          {editing ? (
            <SafetyPlanEditor initial={planData ?? emptyPlan()} onDone={() => setEditing(false)} />
          ) : plan.isPending ? (
            <p className="text-sm text-stone-500">Loading your plan...</p>
          ) : planData && !isEmptySafetyPlan(planData) ? (
            <>
              {plan.data?.offline && (
                <p className="mb-2 text-xs text-amber-800">Offline: this is the copy kept in this browser.</p>
              )}
              <SafetyPlanView plan={planData} />
            </>
          ) : plan.isError ? (
            <p className="text-sm text-stone-600">Your plan cannot be loaded right now. The lines above always work.</p>
          ) : (
            <p className="text-sm text-stone-600">
              You have not written a plan yet. It takes a few minutes, and you can change it any time.
            </p>
          )}
        </div>
      </Card>

      <Card aria-labelledby="someone-else">
        <CardTitle icon={<HandHeart className="h-5 w-5 text-brand-600" aria-hidden />}>
          <span id="someone-else">If you are worried about someone else</span>
        </CardTitle>
        <ul className="space-y-2 text-sm text-stone-700">
          <li>If they may act on it soon, call {help.emergency.display} and stay with them until help arrives.</li>
          <li>
            Ask them kindly and directly how they are, and whether they are thinking about suicide. Asking does not put
            the idea in their head.
          </li>
          <li>Listen more than you speak. You don&apos;t need the right words; being there matters.</li>
          <li>Help keep them away from anything they could use to hurt themselves.</li>
          <li>
            {primary
              ? `${primary.label ?? help.line!.name} (${primary.display}; ${phoneFactsPhrase(primary)}) can talk with you, and with them.`
              : "A local helpline can talk with you, and with them."}
          </li>
          <li>Look after yourself too. This is a lot to carry.</li>
        </ul>
      </Card>

      <Card aria-labelledby="how-reverie-responds">
        <CardTitle icon={<ShieldCheck className="h-5 w-5 text-brand-600" aria-hidden />}>
          <span id="how-reverie-responds">{PROTOCOL_TITLE}</span>
        </CardTitle>
        <p className="text-sm text-stone-700">
          What Reverie checks in your entries and chats, what it shows you, what it never sends anywhere, and what it
          cannot do.{" "}
          <Link href={PROTOCOL_PATH} className="font-medium text-brand-700 underline underline-offset-2">
            Read how it works
          </Link>
        </p>
      </Card>

      <Card aria-labelledby="all-countries">
        <details className="group" onToggle={(e) => setAllOpen(e.currentTarget.open)}>
          <summary className="flex cursor-pointer list-none items-center gap-2 text-base font-semibold text-stone-900 [&::-webkit-details-marker]:hidden">
            <ChevronRight className="h-4 w-4 transition-transform group-open:rotate-90" aria-hidden />
            <HeartHandshake className="h-5 w-5 text-brand-600" aria-hidden />
            <span id="all-countries">Lines in other countries</span>
          </summary>
          {allOpen && (
            <ul className="mt-3 divide-y divide-stone-100 text-sm" data-testid="all-lines">
              {CRISIS_COUNTRIES.map((c) => (
                <li key={c.code} className="py-2.5" data-country={c.code}>
                  <p className="font-medium text-stone-800">
                    {c.name}
                    {c.line && <span className="font-normal text-stone-600"> · {c.line.name}</span>}
                  </p>
                  {c.line ? (
                    <ul className="mt-1 space-y-1">
                      {c.line.phones.map((n) => (
                        <li key={n.tel} className="flex flex-wrap items-baseline gap-x-2">
                          <a href={`tel:${n.tel}`} className="font-medium text-rose-700">
                            {n.display}
                          </a>
                          <PhoneFacts phone={n} className="inline" />
                        </li>
                      ))}
                      {c.line.text && (
                        <li className="text-xs text-stone-600">
                          {c.line.text.says} · {textFactsLine(c.line.text)}
                        </li>
                      )}
                    </ul>
                  ) : (
                    <p className="mt-1 text-stone-600">
                      <a
                        href={HELPLINE_DIRECTORY_URL}
                        target="_blank"
                        rel="noreferrer"
                        className="text-rose-700 underline"
                      >
                        findahelpline.com
                      </a>
                    </p>
                  )}
                  {c.note && <p className="mt-1 text-xs text-stone-600">{c.note}</p>}
                  <p className="mt-1 text-xs text-stone-600">
                    Emergency{" "}
                    <a href={`tel:${c.emergency.tel}`} className="font-medium text-rose-700">
                      {c.emergency.display}
                    </a>
                    {reachLabel(c.emergency) && ` (${reachLabel(c.emergency)})`}
                    {c.moreEmergency?.map((n) => (
                      <span key={n.tel}>
                        {", "}
                        <a href={`tel:${n.tel}`} className="font-medium text-rose-700">
                          {n.display}
                        </a>
                        {n.label && ` (${n.label})`}
                      </span>
                    ))}
                  </p>
                  <LineSource help={c} className="mt-0.5" />
                </li>
              ))}
            </ul>
          )}
          <p className="mt-3 text-xs text-stone-500">
            Each row names its source and the day it was checked. Hours are local time in that country. Lines change: if
            a number does not answer, see{" "}
            <a href={HELPLINE_DIRECTORY_URL} target="_blank" rel="noreferrer" className="underline">
              findahelpline.com
            </a>
            .
          </p>
        </details>
      </Card>
    </div>
  );
}
