"use client";
import { Heart } from "lucide-react";
import { useState } from "react";
import { useCrisisHelp } from "@/client/crisis";
import { LocalLine } from "@/components/crisis/local-line";
import { SupportModal } from "@/components/modals/lazy-modals";
import { Button } from "@/components/ui/button";
import type { SupportDto } from "@/contracts/ai";
import { CHAT_SUPPORT_CONTENT, SUPPORT_CARD_TITLE } from "@/domain/crisis/support-content";
import { helpFor } from "@/domain/crisis/lines";

const SUPPORT: SupportDto = {
  ...CHAT_SUPPORT_CONTENT,
  motivational_phrases: [...CHAT_SUPPORT_CONTENT.motivational_phrases],
  evening_suggestions: [...CHAT_SUPPORT_CONTENT.evening_suggestions],
  tomorrow_suggestions: [...CHAT_SUPPORT_CONTENT.tomorrow_suggestions],
};

/**
 * The support panel in the conversation, under the app's safety reply: the line the reply named as
 * tel: links, and a button that opens the "You're Not Alone" modal (with the safety plan in Tonight).
 */
export function SupportCard({ country }: { country: string }) {
  const [open, setOpen] = useState(false);
  const current = useCrisisHelp();
  // The line the reply gave; if that row is unknown here, the current choice.
  const help = country !== "INTL" ? helpFor(country) : current.help;
  return (
    <li className="ml-10 max-w-[85%] sm:max-w-[75%]" data-testid="support-card">
      <section aria-label={SUPPORT_CARD_TITLE} className="rounded-2xl border border-rose-200 bg-rose-50/70 p-4">
        <p className="mb-2 flex items-center gap-2 font-semibold text-rose-900">
          <Heart className="h-4 w-4 text-rose-500" aria-hidden />
          {SUPPORT_CARD_TITLE}
        </p>
        <LocalLine help={help} compact />
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => setOpen(true)}>
          Open support and my safety plan
        </Button>
      </section>
      <SupportModal support={open ? SUPPORT : null} onClose={() => setOpen(false)} />
    </li>
  );
}
