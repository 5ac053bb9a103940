"use client";
import { Feather, LayoutPanelTop } from "lucide-react";
import clsx from "clsx";
import { usePreferences } from "@/client/storage";
import { Switch } from "@/components/ui/switch";
import { NAV_ITEMS } from "@/components/layout/nav-items";
import { APP_NAME } from "@/domain/constants";
import { SettingsSection } from "./section";

/** 3. Interface: the minimal-navigation preference, with a live preview of the top bar. */
export function InterfaceSection() {
  const [prefs, setPrefs] = usePreferences();
  const minimal = prefs.minimalNavigation;
  return (
    <SettingsSection
      id="interface"
      title="Interface"
      description="How the app looks on this device. Stored in this browser only."
      icon={<LayoutPanelTop className="h-5 w-5" aria-hidden />}
    >
      <Switch
        checked={minimal}
        onCheckedChange={(v) => setPrefs({ minimalNavigation: v })}
        label="Minimal Navigation"
        description="Show only icons in the top navigation on wide screens; the labels appear as tooltips."
      />
      <div className="mt-5">
        <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-stone-500" id="nav-preview-label">
          Preview: {minimal ? "icons only" : "icons with labels"}
        </p>
        <div
          role="img"
          aria-labelledby="nav-preview-label"
          data-testid="nav-preview"
          data-minimal={minimal ? "true" : "false"}
          className="flex items-start gap-3 rounded-xl border border-stone-200 bg-stone-50 px-3 py-2"
        >
          <span className="flex shrink-0 items-center gap-1.5 py-1 text-sm font-semibold text-brand-700">
            <Feather className="h-4 w-4" aria-hidden />
            <span className="hidden sm:inline">{APP_NAME}</span>
          </span>
          <span className="ml-auto flex min-w-0 flex-wrap items-center justify-end gap-0.5">
            {NAV_ITEMS.map((item, i) => (
              <span
                key={item.href}
                className={clsx(
                  "flex shrink-0 items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium",
                  i === 0 ? "bg-brand-100 text-brand-700" : "text-stone-600",
                )}
              >
                <item.icon className="h-3.5 w-3.5" aria-hidden />
                {!minimal && <span>{item.label}</span>}
              </span>
            ))}
          </span>
        </div>
      </div>
    </SettingsSection>
  );
}
