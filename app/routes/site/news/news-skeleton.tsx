import { SkeletonCard } from "#app/components/ui/skeleton.tsx";

/** How many placeholder cards the news page shows while its next list loads. */
export const NEWS_SKELETON_CARDS = 6;

/**
 * The article grid while the next list loads (docs/product/public-site.md#news): six placeholder
 * cards, and a status for screen readers.
 */
export function NewsSkeleton() {
  return (
    <div data-slot="news-skeleton" role="status" aria-live="polite">
      <span className="sr-only">Loading articles…</span>
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
