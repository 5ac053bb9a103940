import clsx from "clsx";

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={clsx("animate-pulse rounded-md bg-stone-200", className)} />;
}

export function LoadingText({ children }: { children: string }) {
  return (
    <p role="status" aria-live="polite" className="py-8 text-center text-stone-500">
      {children}
    </p>
  );
}
