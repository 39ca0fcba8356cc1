import { Skeleton, SkeletonCard } from "#app/components/ui/skeleton.tsx";

/** How many placeholder cards the news page shows while its list loads. */
export const NEWS_SKELETON_CARDS = 6;

/** The news page while its list loads: the controls' outline, the count line and six cards. */
export function NewsSkeleton() {
  return (
    <div data-slot="news-skeleton" role="status" aria-live="polite">
      <span className="sr-only">Loading articles…</span>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <Skeleton className="h-11 w-full sm:max-w-md" />
        <Skeleton className="h-11 w-full sm:w-64" />
      </div>
      <Skeleton className="mt-6 h-5 w-40" />
      <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: NEWS_SKELETON_CARDS }, (_, i) => `placeholder-${i}`).map((key) => (
          <li key={key} aria-hidden="true">
            <SkeletonCard />
          </li>
        ))}
      </ul>
    </div>
  );
}
