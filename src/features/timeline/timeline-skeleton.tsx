import { Skeleton } from "@/components/ui/skeleton";

export function CardSkeletons({ count }: { count: number }) {
  return (
    <ul className="space-y-4" aria-hidden>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
          <div className="flex items-start gap-3">
            <Skeleton className="h-10 w-10 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-2/5" />
              <Skeleton className="h-3 w-1/4" />
            </div>
          </div>
          <div className="mt-4 space-y-2">
            <Skeleton className="h-3 w-full" />
            <Skeleton className="h-3 w-11/12" />
            <Skeleton className="h-3 w-3/5" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** What the Timeline looks like before it knows the address bar (the page's Suspense fallback). */
export function TimelineSkeleton() {
  return (
    <div className="mx-auto max-w-4xl" aria-busy="true">
      <p role="status" className="sr-only">
        Loading your timeline...
      </p>
      <div className="flex items-center justify-between">
        <Skeleton className="h-8 w-36" />
        <Skeleton className="h-10 w-32 rounded-lg" />
      </div>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        <Skeleton className="h-11 flex-1 rounded-xl" />
        <div className="flex gap-2">
          <Skeleton className="h-11 w-28 rounded-xl" />
          <Skeleton className="h-11 w-48 rounded-xl" />
        </div>
      </div>
      <Skeleton className="mt-6 h-[420px] w-full rounded-2xl" />
    </div>
  );
}

export function CalendarSkeleton() {
  return (
    <div className="rounded-2xl border border-stone-200 bg-white p-3 shadow-sm sm:p-5" aria-busy="true">
      <p role="status" className="sr-only">
        Loading the calendar...
      </p>
      <div className="mb-4 flex items-center justify-between px-1">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-8 w-32 rounded-lg" />
      </div>
      <div className="grid grid-cols-7 gap-1" aria-hidden>
        {Array.from({ length: 35 }, (_, i) => (
          <Skeleton key={i} className="h-14 rounded-xl sm:h-24" />
        ))}
      </div>
    </div>
  );
}
