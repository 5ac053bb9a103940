import Link from "next/link";
import { CalendarDays, MessageCircle, PenLine, Settings, Zap } from "lucide-react";
import { Panel } from "./panel";

const ACTIONS = [
  { href: "/journal", label: "New Entry", icon: PenLine, shortcut: "n", primary: true },
  { href: "/chat", label: "Start Chat", icon: MessageCircle, shortcut: "c", primary: false },
  { href: "/timeline", label: "View Timeline", icon: CalendarDays, primary: false },
  { href: "/settings", label: "Settings", icon: Settings, primary: false },
] as const;

/** Quick Actions with the keyboard tip (N for a new entry, C for chat), shown only where there is a keyboard-like pointer. */
export function QuickActions({ className }: { className?: string }) {
  return (
    <Panel title="Quick Actions" icon={<Zap className="h-4 w-4" aria-hidden />} className={className}>
      <ul className="grid grid-cols-2 gap-2">
        {ACTIONS.map((a) => (
          <li key={a.href}>
            <Link
              href={a.href}
              aria-keyshortcuts={"shortcut" in a ? a.shortcut.toUpperCase() : undefined}
              className={
                a.primary
                  ? "flex h-full flex-col gap-2 rounded-xl bg-brand-600 p-3 text-sm font-medium text-white transition-colors hover:bg-brand-700"
                  : "flex h-full flex-col gap-2 rounded-xl border border-stone-200 p-3 text-sm font-medium text-stone-800 transition-colors hover:border-brand-200 hover:bg-brand-50/50"
              }
            >
              <a.icon className="h-5 w-5" aria-hidden />
              {a.label}
            </Link>
          </li>
        ))}
      </ul>
      {/* Keys are for keyboards: no tip on a touch screen (a coarse pointer, or no hover). */}
      <p
        className="mt-4 text-xs text-stone-500 pointer-coarse:hidden [@media(hover:none)]:hidden"
        data-testid="keyboard-tip"
      >
        Tip: press <Kbd>N</Kbd> for a new entry or <Kbd>C</Kbd> for chat.
      </p>
    </Panel>
  );
}

function Kbd({ children }: { children: string }) {
  return (
    <kbd className="rounded border border-stone-300 bg-stone-50 px-1.5 py-0.5 font-mono text-[11px] text-stone-700">
      {children}
    </kbd>
  );
}
