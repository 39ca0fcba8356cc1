import { SkeletonCard } from "#app/components/ui/skeleton.tsx";

/**
 * How many placeholder cards the studio page shows while its next list loads
 * (docs/product/public-site.md#studio).
 */
export const STUDIO_SKELETON_CARDS = 6;

/** The pack grid while the next list loads: six placeholder cards, and a status for screen readers. */
export function StudioSkeleton() {
  return (
    <div data-slot="studio-skeleton" role="status" aria-live="polite">
      <span className="sr-only">Loading projects…</span>
      <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
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
