import { Skeleton } from '../../components/skeleton';

/** The stats screen's shape while the wardrobe loads: panels where the figures will be. */
export function StatsSkeleton() {
  return (
    <div role="status" aria-label="Loading your stats" className="flex flex-col gap-4 md:gap-6">
      <Skeleton className="h-10 w-full max-w-xl rounded-full" />
      <Skeleton className="h-44 w-full rounded-2xl sm:h-36" />
      <div className="grid grid-cols-2 gap-2 md:gap-4 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-28 rounded-2xl" />
        ))}
      </div>
      <div className="grid gap-4 md:gap-6 lg:grid-cols-12">
        <Skeleton className="h-[520px] rounded-2xl lg:col-span-7" />
        <Skeleton className="h-[520px] rounded-2xl lg:col-span-5" />
      </div>
    </div>
  );
}
