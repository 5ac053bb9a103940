"use client";
import { Bot, Cloud } from "lucide-react";
import Link from "next/link";
import { useCloudConsents, useRevokeConsent, useUnder18Setting } from "@/client/companion";
import { ErrorBox } from "@/components/feedback/error-box";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { browserLocale, browserTimeZone } from "@/client/storage";
import { shortDate } from "@/domain/date-format";
import { PROTOCOL_PATH } from "@/domain/companion";
import { SettingsSection } from "./section";

function allowedOn(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : shortDate(d, browserTimeZone(), browserLocale());
}

/** The AI companion: "I am under 18", and the cloud models the person allowed, each with Revoke. */
export function CompanionSection() {
  const under18 = useUnder18Setting();
  const consents = useCloudConsents();
  const revoke = useRevokeConsent();
  return (
    <div id="companion" className="scroll-mt-20">
      <SettingsSection
        id="companion-section"
        title="AI companion"
        description="The companion in chat is an AI, not a person; each chat says which model answers."
        icon={<Bot className="h-5 w-5" aria-hidden />}
      >
        <div className="space-y-6">
          <div>
            <Switch
              checked={under18.on}
              disabled={under18.loading}
              onCheckedChange={under18.set}
              label="I am under 18"
              description="Every 3 hours of chat you get a reminder to take a break and that the companion is not human, and the AI model is given stricter safety instructions."
            />
            {under18.error && (
              <p role="alert" className="mt-1 text-sm text-red-700">
                Could not save the setting. Please try again.
              </p>
            )}
          </div>

          <div>
            <h3 className="flex items-center gap-2 text-sm font-medium text-stone-900">
              <Cloud className="h-4 w-4 text-stone-500" aria-hidden />
              Cloud models you allowed
            </h3>
            <p className="mt-0.5 text-sm text-stone-500">
              Before your entries, chats, photos or voice go to a cloud model, Reverie asks you once for that model.
              Revoke, and nothing more is sent to it until you allow it again.
            </p>
            {consents.isPending ? (
              <Skeleton className="mt-3 h-10 w-full" />
            ) : consents.isError ? (
              <ErrorBox
                title="Failed to load your choices"
                error={consents.error}
                onRetry={() => void consents.refetch()}
              />
            ) : consents.data.consents.length === 0 ? (
              <p className="mt-3 text-sm text-stone-600" data-testid="consents-empty">
                None yet.
              </p>
            ) : (
              <ul
                className="mt-3 divide-y divide-stone-100 rounded-xl border border-stone-200"
                aria-label="Cloud models you allowed"
              >
                {consents.data.consents.map((c) => (
                  <li key={c.model} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
                    <span className="min-w-0 flex-1">
                      <span className="font-medium text-stone-900">{c.provider_name}</span>{" "}
                      <span className="break-all font-mono text-[13px] text-stone-700">{c.model}</span>
                      <span className="block text-xs text-stone-500">Allowed {allowedOn(c.granted_at)}</span>
                    </span>
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={revoke.isPending}
                      onClick={() => revoke.mutate(c.model)}
                      aria-label={`Revoke ${c.provider_name} ${c.model}`}
                    >
                      Revoke
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            {revoke.isError && (
              <p role="alert" className="mt-1 text-sm text-red-700">
                Could not revoke. Please try again.
              </p>
            )}
          </div>

          <p className="text-sm text-stone-600">
            <Link
              href={PROTOCOL_PATH}
              prefetch={false}
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              How Reverie responds when you&apos;re struggling
            </Link>
          </p>
        </div>
      </SettingsSection>
    </div>
  );
}
