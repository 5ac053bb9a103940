"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { Feather, LifeBuoy } from "lucide-react";
import { Fragment, useEffect, useState } from "react";
import { LockButton } from "./lock-button";
import clsx from "clsx";
import { APP_NAME } from "@/domain/constants";
import { usePreferences } from "@/client/storage";
import { NAV_ITEMS, isActive } from "./nav-items";
import { CheckInTab } from "@/features/checkins/check-in-tab";

const GET_HELP_HREF = "/get-help";

/** "Get help", on every screen and every width: crisis lines and the safety plan are one click away. */
function GetHelpLink({ active, minimal }: { active: boolean; minimal: boolean }) {
  return (
    <Link
      href={GET_HELP_HREF}
      aria-current={active ? "page" : undefined}
      data-testid="get-help-link"
      className={clsx(
        "ml-auto flex shrink-0 items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium md:ml-2",
        active
          ? "border-rose-300 bg-rose-100 text-rose-800"
          : "border-rose-200 bg-rose-50 text-rose-700 hover:bg-rose-100",
      )}
    >
      <LifeBuoy className="h-4 w-4" aria-hidden />
      <span className={minimal ? "md:sr-only" : undefined}>Get help</span>
    </Link>
  );
}

/** Top bar on wide screens; a row of icon-and-label tabs at the bottom on narrow ones. */
export function Nav() {
  const pathname = usePathname() ?? "/";
  const [prefs] = usePreferences();
  const minimal = prefs.minimalNavigation;
  // Escape or a click puts the tooltip away; it comes back when the pointer leaves its link or the keyboard focuses a link.
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    if (!minimal) return;
    const onKeyDown = (e: KeyboardEvent) => e.key === "Escape" && setDismissed(true);
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [minimal]);
  // The lock and unlock screens: the name only, no way into a journal that is closed.
  if (pathname === "/lock" || pathname === "/unlock") {
    return (
      <header className="border-b border-stone-200 bg-white print:hidden">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4 font-semibold text-brand-700">
          <Feather className="h-5 w-5" aria-hidden />
          <span>{APP_NAME}</span>
        </div>
      </header>
    );
  }
  return (
    <>
      <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/90 backdrop-blur print:hidden">
        <nav
          aria-label="Main"
          className="mx-auto flex h-14 max-w-6xl items-center gap-4 px-4"
          data-minimal={minimal ? "true" : "false"}
        >
          <Link href="/" className="flex items-center gap-2 font-semibold text-brand-700">
            <Feather className="h-5 w-5" aria-hidden />
            <span>{APP_NAME}</span>
          </Link>
          <ul className="ml-auto hidden items-center gap-1 md:flex">
            {NAV_ITEMS.map((item) => {
              const active = isActive(pathname, item.href);
              return (
                <li
                  key={item.href}
                  className={minimal ? "group relative" : undefined}
                  onPointerDown={minimal ? () => setDismissed(true) : undefined}
                  onPointerLeave={minimal ? () => setDismissed(false) : undefined}
                  onFocus={minimal ? (e) => e.target.matches(":focus-visible") && setDismissed(false) : undefined}
                >
                  <Link
                    href={item.href}
                    aria-current={active ? "page" : undefined}
                    aria-label={minimal ? item.label : undefined}
                    className={clsx(
                      "peer flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium transition-colors",
                      active ? "bg-brand-50 text-brand-700" : "text-stone-600 hover:bg-stone-100 hover:text-stone-900",
                    )}
                  >
                    <item.icon className="h-4 w-4" aria-hidden />
                    {!minimal && <span>{item.label}</span>}
                  </Link>
                  {minimal && (
                    // The label as a tooltip under the icon: after 200 ms of hover, at once on keyboard focus,
                    // gone on Escape or a click. The link keeps the label as its name (aria-label).
                    <span
                      role="tooltip"
                      className={clsx(
                        "invisible absolute left-1/2 top-full z-10 -translate-x-1/2 pt-[11px] transition-[visibility] duration-0 group-hover:visible group-hover:delay-200 peer-focus-visible:visible peer-focus-visible:delay-0",
                        dismissed && "invisible! delay-0!",
                      )}
                    >
                      <span className="relative block whitespace-nowrap rounded-md bg-stone-900 px-2 py-1 text-xs text-white shadow">
                        {item.label}
                        <span
                          aria-hidden
                          className="absolute bottom-full left-1/2 -translate-x-1/2 border-x-[5px] border-b-[5px] border-x-transparent border-b-stone-900"
                        />
                      </span>
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
          <GetHelpLink active={isActive(pathname, GET_HELP_HREF)} minimal={minimal} />
          <LockButton minimal={minimal} />
        </nav>
      </header>
      <nav
        aria-label="Tabs"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white md:hidden print:hidden"
      >
        <ul className="grid grid-cols-6">
          {NAV_ITEMS.map((item, i) => {
            const active = isActive(pathname, item.href);
            return (
              <Fragment key={item.href}>
                {i === 2 && (
                  <li>
                    <CheckInTab />
                  </li>
                )}
                <li>
                  <Link
                    href={item.href}
                    aria-current={active ? "page" : undefined}
                    className={clsx(
                      "flex flex-col items-center gap-0.5 py-2 text-[11px] font-medium",
                      active ? "text-brand-700" : "text-stone-500",
                    )}
                  >
                    <item.icon className="h-5 w-5" aria-hidden />
                    <span>{item.label === "Just Chatting" ? "Chat" : item.label}</span>
                  </Link>
                </li>
              </Fragment>
            );
          })}
        </ul>
      </nav>
    </>
  );
}
