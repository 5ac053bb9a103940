"use client";
import { Heart, LifeBuoy, Moon, Phone, Sparkles, Sun } from "lucide-react";
import Link from "next/link";
import { Tabs } from "radix-ui";
import { useCrisisHelp, useSafetyPlan } from "@/client/crisis";
import { ChangeCountryLink, PhoneFacts } from "@/components/crisis/local-line";
import { SafetyPlanView } from "@/components/crisis/safety-plan-view";
import { isEmptySafetyPlan } from "@/contracts/safety-plan-constants";
import { isAlwaysOpen, primaryLine } from "@/domain/crisis/lines";
import { PROTOCOL_PATH } from "@/domain/crisis/support-content";
import type { SupportDto } from "@/contracts/ai";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { CRISIS_HOTLINE } from "@/domain/constants";

const TABS = [
  { value: "encouragement", label: "Encouragement", icon: Sparkles, key: "motivational_phrases" },
  { value: "tonight", label: "Tonight", icon: Moon, key: "evening_suggestions" },
  { value: "tomorrow", label: "Tomorrow", icon: Sun, key: "tomorrow_suggestions" },
] as const;

/**
 * "You're Not Alone" (spec section 2): an affirmation, encouragement and suggestions for tonight and
 * tomorrow, a "Remember" note, "Thank you", and the crisis hotline as a link that dials it. Beside the
 * spec's 988 (a US line) it shows the person's local line and emergency number, and the Tonight tab
 * holds their safety plan.
 */
export function SupportModal({ support, onClose }: { support: SupportDto | null; onClose: () => void }) {
  const { help } = useCrisisHelp();
  const local = primaryLine(help);
  const showLocal = local !== null && local.tel !== CRISIS_HOTLINE;
  const plan = useSafetyPlan();
  const planData = plan.data?.plan;
  return (
    <Modal
      open={!!support}
      onOpenChange={(open) => !open && onClose()}
      wide
      title={
        <span className="flex items-center gap-2">
          <Heart className="h-5 w-5 text-rose-500" aria-hidden />
          You&apos;re Not Alone
        </span>
      }
      description="It sounds like things are heavy right now. Here are a few gentle thoughts."
      footer={
        <>
          <Button asChild variant="secondary" className="border-rose-200 text-rose-700 hover:bg-rose-50">
            <a href={`tel:${CRISIS_HOTLINE}`}>
              <Phone className="h-4 w-4" aria-hidden />
              Crisis Hotline: {CRISIS_HOTLINE}
            </a>
          </Button>
          {showLocal && (
            <Button
              asChild
              variant="secondary"
              className="border-rose-300 bg-rose-50 text-rose-800 hover:bg-rose-100"
              data-testid="support-local-line"
            >
              <a
                href={`tel:${local.tel}`}
                aria-label={`${help.line?.name ?? "Crisis line"} (${help.name}): ${local.display}`}
              >
                <Phone className="h-4 w-4" aria-hidden />
                {help.name}: {local.display}
              </a>
            </Button>
          )}
          <Button onClick={onClose}>Thank you</Button>
        </>
      }
    >
      {support && (
        <div className="space-y-4">
          <blockquote className="rounded-2xl bg-gradient-to-br from-brand-50 to-rose-50 p-4 text-center text-lg font-medium text-stone-900">
            {support.affirmation}
          </blockquote>
          <Tabs.Root defaultValue="encouragement">
            <Tabs.List aria-label="Support" className="grid grid-cols-3 gap-1 rounded-xl bg-stone-100 p-1">
              {TABS.map((t) => (
                <Tabs.Trigger
                  key={t.value}
                  value={t.value}
                  className="flex items-center justify-center gap-1.5 rounded-lg px-1.5 py-1.5 text-xs font-medium sm:px-2 sm:text-sm text-stone-600 data-[state=active]:bg-white data-[state=active]:text-brand-700 data-[state=active]:shadow-sm"
                >
                  <t.icon className="hidden h-4 w-4 sm:block" aria-hidden />
                  {t.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {TABS.map((t) => (
              <Tabs.Content key={t.value} value={t.value} className="mt-3 focus-visible:outline-none">
                <ul className="space-y-2">
                  {(support[t.key].length ? support[t.key] : ["Be gentle with yourself."]).map((s) => (
                    <li
                      key={s}
                      className="flex gap-2 rounded-xl border border-stone-200 px-3 py-2 text-sm text-stone-700"
                    >
                      <span className="mt-1.5 h-1.5 w-1.5 shrink-0 rounded-full bg-brand-500" aria-hidden />
                      {s}
                    </li>
                  ))}
                </ul>
                {t.value === "tonight" && (
                  <section
                    className="mt-4 rounded-xl bg-stone-50 p-3"
                    aria-labelledby="support-plan-title"
                    data-testid="support-safety-plan"
                  >
                    <h3
                      id="support-plan-title"
                      className="mb-2 flex items-center gap-2 text-sm font-semibold text-stone-900"
                    >
                      <LifeBuoy className="h-4 w-4 text-rose-600" aria-hidden />
                      My safety plan
                    </h3>
                    {planData && !isEmptySafetyPlan(planData) ? (
                      <>
                        <SafetyPlanView plan={planData} compact />
                        <Link
                          href="/get-help#safety-plan"
                          className="mt-2 inline-block text-xs font-medium text-brand-700 underline underline-offset-2"
                        >
                          Edit my safety plan
                        </Link>
                      </>
                    ) : (
                      <p className="text-sm text-stone-600">
                        A safety plan is a short list, in your own words, of what helps and who to reach when things get
                        hard.{" "}
                        <Link
                          href="/get-help#safety-plan"
                          className="font-medium text-brand-700 underline underline-offset-2"
                        >
                          Write yours on the Get help page
                        </Link>
                        .
                      </p>
                    )}
                  </section>
                )}
              </Tabs.Content>
            ))}
          </Tabs.Root>
          <aside
            className="rounded-xl border border-rose-100 bg-rose-50 p-3 text-sm text-rose-900"
            aria-label="Remember"
          >
            <p className="font-semibold">Remember</p>
            <p className="mt-1">{support.gentle_reminder}</p>
            {showLocal && help.line ? (
              <>
                <p className="mt-1">
                  If you are in danger or thinking about ending your life, call {local.label ?? help.line.name} on{" "}
                  {local.display}
                  {isAlwaysOpen(local) ? " now" : ""}, or {help.emergency.display} in an emergency.
                </p>
                <PhoneFacts phone={local} className="mt-1 text-rose-900" />
              </>
            ) : local ? (
              <p className="mt-1">
                If you are in danger or thinking about ending your life, call or text {CRISIS_HOTLINE} now, any time of
                day.
              </p>
            ) : (
              <p className="mt-1">
                If you are in danger, call {help.emergency.display} now. The Get help page points to a free helpline
                wherever you are.
              </p>
            )}
            <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
              <ChangeCountryLink />
              <Link
                href={PROTOCOL_PATH}
                className="text-xs font-medium text-stone-700 underline underline-offset-2 hover:text-stone-900"
              >
                How Reverie responds when you&apos;re struggling
              </Link>
            </p>
          </aside>
        </div>
      )}
    </Modal>
  );
}
