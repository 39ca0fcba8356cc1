import { ArrowLeftIcon, EyeIcon, EyeOffIcon, FileXIcon, LoaderCircleIcon } from "lucide-react";
import { SiteLink } from "#app/components/site/site-link.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { formatLongDate, formatLongDateTime } from "#common/format.ts";
import { instantToLocalDateTime } from "#common/scheduling.ts";

/** What a post page shows while it loads in the browser: 'Loading post...' over its outline. */
export function PostLoading() {
  return (
    <div className="mx-auto max-w-4xl px-4 pt-10 pb-20 sm:px-6 sm:pt-14">
      <p
        role="status"
        className="flex items-center gap-2 text-sm font-medium text-zinc-300 [&_svg]:size-4"
      >
        <LoaderCircleIcon aria-hidden="true" className="animate-spin text-grass-400" />
        Loading post...
      </p>
      <div className="mt-8 space-y-5">
        <Skeleton className="h-5 w-24" />
        <Skeleton className="h-12 w-4/5" />
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="mt-4 aspect-[1200/630] w-full rounded-xl" />
      </div>
    </div>
  );
}

/** A missing, unpublished or failing post (served with HTTP 404 when it is missing). */
export function PostNotFound() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center sm:px-6">
      <span
        aria-hidden="true"
        className="pixel-corners grid size-16 place-items-center bg-night-800 text-zinc-400"
      >
        <FileXIcon className="size-8" />
      </span>
      <h1 className="mt-6 text-3xl font-bold text-white sm:text-4xl">Post Not Found</h1>
      <p className="mt-4 text-zinc-400">
        The post you're looking for doesn't exist or has been removed.
      </p>
      <Button asChild variant="outline" className="mt-8">
        <SiteLink to="/news">
          <ArrowLeftIcon aria-hidden="true" /> Back to News
        </SiteLink>
      </Button>
    </section>
  );
}

/**
 * The banner over a post that only staff can see yet: a draft, or a post scheduled for later.
 * Visitors get 'Post Not Found' at the same address until it is published.
 */
export function PostPreviewNotice({
  status,
  scheduledAt,
  timezone,
}: {
  status: string;
  scheduledAt: string | null;
  timezone: string | null;
}) {
  const scheduled = status === "scheduled" && scheduledAt !== null;
  return (
    <div role="status" className="border-b border-gold-400/40 bg-gold-400/10">
      <p className="mx-auto flex max-w-4xl items-start gap-2 px-4 py-3 text-sm text-gold-300 sm:px-6 [&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0">
        <EyeOffIcon aria-hidden="true" />
        <span>
          <strong className="font-semibold">
            {scheduled ? "Scheduled, not public yet." : "Draft, not public."}
          </strong>{" "}
          {scheduled ? (
            <>
              It goes live on{" "}
              <time dateTime={scheduledAt}>{scheduledLabel(scheduledAt, timezone ?? "UTC")}</time>.{" "}
            </>
          ) : null}
          Only staff can see this page; visitors get 'Post Not Found' until it is published.
        </span>
      </p>
    </div>
  );
}

/** "March 14, 2027 at 09:00 (Asia/Tokyo)": the time in the zone it was scheduled in. */
function scheduledLabel(instant: string, timeZone: string): string {
  const local = instantToLocalDateTime(instant, timeZone);
  return `${formatLongDate(local.slice(0, 10))} at ${local.slice(11)} (${timeZone})`;
}

/**
 * The banner over a post opened through a preview link (docs/product/public-site.md#preview-link):
 * what the visitor sees is not public yet, or not the live version, and until when the link works.
 */
export function PreviewLinkNotice({
  notLive,
  expiresAt,
}: {
  /** The post is public and this shows its working copy: changes not live yet. */
  notLive: boolean;
  expiresAt: string;
}) {
  return (
    <div
      role="status"
      data-testid="preview-banner"
      className="border-b border-gold-400/40 bg-gold-400/10"
    >
      <p className="mx-auto flex max-w-4xl items-start gap-2 px-4 py-3 text-sm text-gold-300 sm:px-6 [&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0">
        <EyeIcon aria-hidden="true" />
        <span>
          <strong className="font-semibold">
            {notLive ? "Preview: not the live version." : "Preview: not public yet."}
          </strong>{" "}
          {notLive
            ? "These changes are not on the public page yet. "
            : "This is how the post will look once it is published. "}
          This link expires on <time dateTime={expiresAt}>{formatLongDateTime(expiresAt)}</time>.
        </span>
      </p>
    </div>
  );
}
