import clsx from "clsx";
import { useId, type ReactNode } from "react";

/** A Home card: a labelled region with a heading, an optional icon and an optional corner action. */
export function Panel({
  title,
  icon,
  action,
  className,
  children,
  headingLevel = 2,
}: {
  title: string;
  icon?: ReactNode;
  action?: ReactNode;
  className?: string;
  children: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const id = useId();
  const H = headingLevel === 2 ? "h2" : "h3";
  return (
    <section
      aria-labelledby={id}
      className={clsx("rounded-2xl border border-stone-200 bg-white p-5 shadow-sm", className)}
    >
      <div className="mb-4 flex items-center justify-between gap-3">
        <H id={id} className="flex items-center gap-2 text-base font-semibold text-stone-900">
          {icon && (
            <span className="flex h-8 w-8 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
              {icon}
            </span>
          )}
          {title}
        </H>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A quiet line of text for empty or unavailable states inside a card. */
export function Quiet({ children, className }: { children: ReactNode; className?: string }) {
  return <p className={clsx("text-sm text-stone-500", className)}>{children}</p>;
}
