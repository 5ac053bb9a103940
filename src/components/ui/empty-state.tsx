import type { ReactNode } from "react";

export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
      {icon && <div className="mb-3 text-brand-500">{icon}</div>}
      <h2 className="text-lg font-semibold text-stone-900">{title}</h2>
      {children && <div className="mt-2 max-w-md text-sm text-stone-600">{children}</div>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}
