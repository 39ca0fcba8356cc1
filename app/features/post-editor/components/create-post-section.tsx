import { ArrowLeftIcon, LoaderCircleIcon, TriangleAlertIcon } from "lucide-react";
import * as React from "react";
import { Link, useLocation, useRouteLoaderData, useSearchParams } from "react-router";
import { sectionPath } from "#app/components/dashboard/sections.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { usePortfolioItem } from "#app/features/post-editor/api/get-portfolio-item.ts";
import { usePost } from "#app/features/post-editor/api/get-post.ts";
import { useWorkingCopy, type WorkingCopy } from "#app/features/post-editor/api/working-copy.ts";
import type { PostEditorParts } from "#app/features/post-editor/editor-parts.ts";
import {
  type HeldPost,
  heldForNewPost,
  heldFromPost,
} from "#app/features/post-editor/held-post.ts";
import { localDraftKey } from "#app/features/post-editor/local-draft.ts";
import {
  type CreateRequest,
  type EditingTarget,
  emptyPostForm,
  type PostEditorValues,
  portfolioItemToFormValues,
  postToFormValues,
  readCreateRequest,
  workingCopyToFormValues,
} from "#app/features/post-editor/post-form.ts";
import { isEditorAddressChange } from "#app/features/post-editor/use-leave-guard.ts";
import { errorMessage, isApiError } from "#app/lib/api-client.ts";
import { browserTimeZone } from "#app/lib/browser-time-zone.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { Post } from "#common/types/post.ts";
import { PostEditor } from "./post-editor.tsx";

/**
 * The Create / Edit section (docs/product/editor.md#editor): /dashboard/create for a new post,
 * ?id={id}&type=post|portfolio to edit one, ?category= to start a new one in a category.
 */
export function CreatePostSection({ parts }: { parts: PostEditorParts }) {
  const [params] = useSearchParams();
  const location = useLocation();
  const request = readCreateRequest(params);
  // A new address (another post, or a new one) starts the form afresh; the editor's own move to
  // the address of the draft its first autosave created does not.
  const key = React.useRef(params.toString());
  if (!isEditorAddressChange(location.state)) key.current = params.toString();
  return <CreatePostScreen key={key.current} request={request} parts={parts} />;
}

function CreatePostScreen({ request, parts }: { request: CreateRequest; parts: PostEditorParts }) {
  const hydrated = useHydrated();
  const siteUrl = useSiteUrl();
  const toast = useToast();
  const post = usePost(request.id !== null && request.type === "post" ? request.id : null);
  const portfolio = usePortfolioItem(
    request.id !== null && request.type === "portfolio" ? request.id : null,
  );
  const query = request.type === "portfolio" ? portfolio : post;
  // The unpublished changes the server keeps for the post, if any (read once it is known).
  const postId =
    request.type === "post" ? (post.data?.id ?? null) : (portfolio.data?.post?.id ?? null);
  const workingCopy = useWorkingCopy(postId);
  const loadFailed = request.id !== null && query.isError;
  const loading = request.id !== null && query.isPending;

  const reported = React.useRef(false);
  React.useEffect(() => {
    if (!loadFailed || reported.current) return;
    reported.current = true;
    // A 401 already has its own toast and the redirect to sign in.
    if (isApiError(query.error, 401)) return;
    toast({
      title: "Error Loading Post",
      description: `Failed to load post data: ${loadErrorMessage(query.error)}`,
      variant: "destructive",
    });
  }, [loadFailed, query.error, toast]);

  const editing = request.id !== null && !loadFailed;
  const ready = hydrated && !loading && (postId === null || !workingCopy.isPending);
  // Worked out once, when the browser's time zone is known (after hydration) and the post has
  // loaded; a later refetch of the post does not reset what is being typed.
  const [start, setStart] = React.useState<StartingPoint | null>(null);
  const [generation, setGeneration] = React.useState(0);
  React.useEffect(() => {
    if (ready && start === null) {
      setStart(
        startingPoint(request, post.data, portfolio.data, workingCopy.data ?? null, loadFailed),
      );
    }
  }, [ready, start, request, post.data, portfolio.data, workingCopy.data, loadFailed]);

  /**
   * Starts the editor afresh from what the server holds now (someone else's save, discarded
   * changes); what was typed stays in this browser's copy, which the editor then offers back.
   */
  const reload = React.useCallback(async () => {
    await Promise.all([
      request.type === "portfolio" ? portfolio.refetch() : post.refetch(),
      postId === null ? null : workingCopy.refetch(),
    ]);
    setStart(null);
    setGeneration((value) => value + 1);
  }, [request.type, portfolio, post, postId, workingCopy]);

  return (
    <section aria-labelledby="create-title">
      <header className="mb-8 flex flex-wrap items-center justify-between gap-4">
        <h1 id="create-title" className="text-3xl font-bold text-white">
          {editing ? "Edit Post" : "Create New Post"}
        </h1>
        <Button asChild variant="outline">
          <Link to={sectionPath("overview")}>
            <ArrowLeftIcon aria-hidden="true" />
            Back to Overview
          </Link>
        </Button>
      </header>
      {loadFailed ? (
        <div
          role="alert"
          className="mb-8 flex items-start gap-3 rounded-md bg-gold-400/10 p-4 text-sm text-gold-300 ring-1 ring-gold-400/40"
        >
          <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div>
            <p className="font-semibold">Could not load existing post for editing</p>
            <p className="mt-1">
              {loadErrorMessage(query.error)} The form below is ready to create a new post instead.
            </p>
          </div>
        </div>
      ) : null}
      {start ? (
        <PostEditor
          key={generation}
          onReload={reload}
          initialValues={start.values}
          initialHeld={start.held}
          editing={start.editing}
          storageKey={start.storageKey}
          siteUrl={siteUrl}
          parts={parts}
        />
      ) : (
        <EditorLoading label={loading ? "Loading post..." : "Loading editor..."} />
      )}
    </section>
  );
}

function loadErrorMessage(error: unknown): string {
  if (isApiError(error)) return errorMessage(error, error.message);
  return error instanceof Error ? error.message : String(error);
}

type StartingPoint = {
  values: PostEditorValues;
  /** What the server holds: the post as loaded, or nothing for a new one. */
  held: HeldPost;
  editing: EditingTarget | null;
  /** Where this browser keeps the form's unsaved changes. */
  storageKey: string;
};

function startingPoint(
  request: CreateRequest,
  post: ReturnType<typeof usePost>["data"],
  portfolio: ReturnType<typeof usePortfolioItem>["data"],
  workingCopy: WorkingCopy | null,
  loadFailed: boolean,
): StartingPoint {
  const zone = browserTimeZone();
  if (request.id !== null && !loadFailed) {
    if (request.type === "post" && post) {
      const { values, held } = heldWithWorkingCopy(post, workingCopy, zone);
      return {
        values,
        held,
        editing: { id: post.id, type: "post", publishedAt: post.publishedAt },
        storageKey: localDraftKey(post.id, null),
      };
    }
    if (request.type === "portfolio" && portfolio) {
      const { item, post: full } = portfolio;
      // Without the full post, a published item counts as published: its slug stays.
      const publishedAt = full
        ? full.publishedAt
        : item.status === "published"
          ? item.createdAt
          : null;
      const itemValues = portfolioItemToFormValues(item, zone, full);
      const { values, held } = full
        ? heldWithWorkingCopy(full, workingCopy, zone, itemValues)
        : {
            values: itemValues,
            held: heldFromPost(
              {
                id: item.id,
                status: item.status,
                slug: item.slug,
                scheduledAt: null,
                timezone: null,
                publishedAt,
                updatedAt: item.createdAt,
              },
              itemValues,
            ),
          };
      return {
        values,
        held,
        editing: { id: item.id, type: "portfolio", publishedAt },
        storageKey: localDraftKey(item.id, null),
      };
    }
  }
  const values = emptyPostForm(zone, request.category ?? "news");
  return {
    values,
    held: heldForNewPost(values),
    editing: null,
    storageKey: localDraftKey(null, request.category),
  };
}

/**
 * The form and what the server holds for a loaded post: its unpublished changes when it is
 * published or scheduled and the server keeps some, else the post itself (`postValues`).
 */
function heldWithWorkingCopy(
  post: Post,
  workingCopy: WorkingCopy | null,
  zone: string,
  /** The form of the post itself (a portfolio item's has its own). */
  postValues: PostEditorValues = postToFormValues(post, zone),
): { values: PostEditorValues; held: HeldPost } {
  if (workingCopy && post.status !== "draft") {
    const values = workingCopyToFormValues(post, workingCopy.values, zone);
    return {
      values,
      held: heldFromPost(post, values, new Date(), {
        savedAt: workingCopy.savedAt,
        savedBy: workingCopy.savedBy,
      }),
    };
  }
  return { values: postValues, held: heldFromPost(post, postValues) };
}

/** The site's public origin, from the root loader (links to it stay inside the site). */
function useSiteUrl(): string | null {
  const root = useRouteLoaderData("root") as { siteUrl?: unknown } | undefined;
  return typeof root?.siteUrl === "string" ? root.siteUrl : null;
}

function EditorLoading({ label }: { label: string }) {
  return (
    <div aria-busy="true">
      <p role="status" className="flex items-center gap-2 text-sm text-zinc-300">
        <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin text-grass-400" />
        {label}
      </p>
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="space-y-5">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-[400px] w-full" />
        </div>
        <Skeleton className="h-64 w-full" />
      </div>
    </div>
  );
}
