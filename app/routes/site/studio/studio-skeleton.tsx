import { Skeleton, SkeletonCard } from "#app/components/ui/skeleton.tsx";

/**
 * How many placeholder cards the studio page shows while its list loads
 * (docs/product.md#studio).
 */
export const STUDIO_SKELETON_CARDS = 6;

/** The studio page while its list loads: the toolbar's outline and six placeholder cards. */
export function StudioSkeleton() {
  return (
    <div data-slot="studio-skeleton" role="status" aria-live="polite">
      <span className="sr-only">Loading projects…</span>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <Skeleton className="h-11 w-full lg:max-w-sm" />
        <Skeleton className="h-11 w-full sm:w-96" />
      </div>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: STUDIO_SKELETON_CARDS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <li key={i} aria-hidden="true">
            <SkeletonCard />
          </li>
        ))}
      </ul>
    </div>
  );
}
