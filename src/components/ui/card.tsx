import clsx from "clsx";
import type { HTMLAttributes, ReactNode } from "react";

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={clsx("rounded-2xl border border-stone-200 bg-white p-5 shadow-sm", className)} {...rest} />;
}

export function CardTitle({
  children,
  icon,
  className,
}: {
  children: ReactNode;
  icon?: ReactNode;
  className?: string;
}) {
  return (
    <h2 className={clsx("mb-3 flex items-center gap-2 text-base font-semibold text-stone-900", className)}>
      {icon}
      {children}
    </h2>
  );
}
