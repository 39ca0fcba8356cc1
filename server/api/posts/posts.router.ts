import express, { type Request, type Response, Router } from "express";
import { PostInputSchema } from "#common/schemas/post.ts";
import { SaveVersionSchema } from "#common/schemas/post-autosave.ts";
import { BulkPostsSchema } from "#common/schemas/post-bulk.ts";
import type { PostCardItem } from "#common/types/post-list.ts";
import { asksForPage, pagedAnswer } from "#server/api/shared/list-query.ts";
import { uuidParam } from "#server/api/shared/params.ts";
import { parseInput } from "#server/api/shared/validate.ts";
import {
  audienceOf,
  loadViewer,
  requireEmployee,
  viewerOf,
} from "#server/auth/express-access.server.ts";
import type { ServerContext } from "#server/context.server.ts";
import { HttpError } from "#server/errors.ts";
import { BODY_LIMITS } from "#server/http/body-limits.server.ts";
import {
  presentPost,
  presentPostSummary,
  presentStaffPost,
} from "#server/presenters/post.server.ts";
import { presentPostCard } from "#server/presenters/post-card.server.ts";
import { presentStaffPostRow } from "#server/presenters/staff-post-row.server.ts";
import type { Audience } from "#server/services/content-rules.server.ts";
import { getDisplayNames } from "#server/services/people.server.ts";
import { applyBulkAction } from "#server/services/post-bulk.server.ts";
import { getPostById, POST_NOT_FOUND_MESSAGE } from "#server/services/post-rows.server.ts";
import {
  deletePost,
  findPostBySlug,
  listAllPosts,
  savePost,
} from "#server/services/posts.server.ts";
import { pagePublicPosts } from "#server/services/public-list-pages.server.ts";
import {
  listPublicPostSummaries,
  listPublishedPosts,
} from "#server/services/public-post-lists.server.ts";
import { listPostAuthors, pageStaffPosts } from "#server/services/staff-post-list.server.ts";
import {
  ListQuerySchema,
  PagedListQuerySchema,
  StaffPostListQuerySchema,
} from "./post-list-query.ts";

/** The post's `:id`, or 404. */
function postId(params: Record<string, unknown>): string {
  return uuidParam(params, "id", POST_NOT_FOUND_MESSAGE);
}

/** The staff list's parameters that ask for its paged form: all but `limit`. */
const STAFF_PAGE_ASKED_BY = StaffPostListQuerySchema.omit({ limit: true });

/**
 * `/api/posts`: the public lists and a post by its slug, then the staff's list, bulk actions and
 * saves (docs/product/api.md#staff-calls). The editor's other calls are postEditorRouter's.
 */
export function postsRouter(context: ServerContext) {
  const router = Router();
  // The public paths first: `/published` and `/public` are not a post's `:id`.
  publicPostRoutes(router, context);
  staffPostRoutes(router, context);
  return router;
}

/** The paged form of a list call (`?page=`): one page of list cards and the totals. */
async function sendPage(
  { db }: ServerContext,
  req: Request,
  res: Response,
  audience: Audience,
): Promise<void> {
  const query = parseInput(PagedListQuerySchema, req.query);
  const now = new Date();
  const { rows, total } = await pagePublicPosts(db, {
    now,
    audience,
    term: query.q,
    category: query.category,
    tag: query.tag,
    sort: query.sort,
    page: query.page,
    pageSize: query.limit,
  });
  res.json(
    pagedAnswer<PostCardItem>(
      rows.map((row) => presentPostCard(row, now)),
      total,
      query,
    ),
  );
}

/** What anyone may read: the published posts, the public list (staff see more), one by slug. */
function publicPostRoutes(router: Router, context: ServerContext) {
  const { db } = context;
  const withViewer = loadViewer(context);

  router.get("/published", async (req, res) => {
    if (req.query.page !== undefined) return sendPage(context, req, res, "public");
    const { limit } = parseInput(ListQuerySchema, req.query);
    const now = new Date();
    const rows = await listPublishedPosts(db, { limit, now });
    res.json(rows.map((row) => presentPost(row, now)));
  });

  router.get("/public", withViewer, async (req, res) => {
    if (req.query.page !== undefined) return sendPage(context, req, res, audienceOf(res));
    const { limit } = parseInput(ListQuerySchema, req.query);
    const now = new Date();
    const rows = await listPublicPostSummaries(db, { limit, now, audience: audienceOf(res) });
    res.json(rows.map((row) => presentPostSummary(row, now)));
  });

  router.get("/slug/:slug", withViewer, async (req, res) => {
    const now = new Date();
    const audience = audienceOf(res);
    const found = await findPostBySlug(db, String(req.params.slug), { now, audience });
    if (!found) throw HttpError.notFound("That post does not exist or is not published.");
    if (found.kind === "moved") {
      res.redirect(301, `${req.baseUrl}/slug/${encodeURIComponent(found.slug)}`);
      return;
    }
    res.json(presentPost(found.post, now));
  });
}

/** Staff only: the staff list and its authors, bulk actions, and a post read, saved or deleted. */
function staffPostRoutes(router: Router, context: ServerContext) {
  const { db, config, uploads } = context;
  const staffOnly = requireEmployee(context);
  // A post may carry its featured image inline, so its limit is larger (BODY_LIMITS.post); only
  // staff's bodies are read at all.
  const postBody = express.json({ limit: BODY_LIMITS.post });
  const jsonBody = express.json({ limit: BODY_LIMITS.json });

  router.get("/", staffOnly, async (req, res) => {
    // Any of the list's own parameters asks for one page (docs/product/api.md#staff-calls), so a
    // search or filter is never silently ignored; `limit` alone keeps its old meaning: the
    // first `limit` posts, whole.
    if (asksForPage(req, STAFF_PAGE_ASKED_BY)) {
      const query = parseInput(StaffPostListQuerySchema, req.query);
      const now = new Date();
      const { rows, total } = await pageStaffPosts(db, { ...query, pageSize: query.limit });
      const names = await getDisplayNames(
        db,
        rows.map((row) => row.authorId),
      );
      const items = rows.map((row) => presentStaffPostRow(row, names, now));
      res.json(pagedAnswer(items, total, query));
      return;
    }
    const { limit } = parseInput(ListQuerySchema, req.query);
    const now = new Date();
    const rows = await listAllPosts(db, { limit });
    res.json(rows.map((row) => presentPost(row, now)));
  });

  router.get("/authors", staffOnly, async (_req, res) => {
    res.json(await listPostAuthors(db));
  });

  router.post("/bulk", staffOnly, jsonBody, async (req, res) => {
    const { action, ids } = parseInput(BulkPostsSchema, req.body);
    res.json(await applyBulkAction(db, { action, ids, userId: viewerOf(res).id }));
  });

  router.post("/", staffOnly, postBody, async (req, res) => {
    const input = parseInput(PostInputSchema, req.body);
    const row = await savePost(db, {
      input,
      authorId: viewerOf(res).id,
      uploads,
      siteUrl: config.siteUrl,
    });
    res.status(201).json(presentStaffPost(row));
  });

  router.get("/:id", staffOnly, async (req, res) => {
    const row = await getPostById(db, postId(req.params));
    if (!row) throw HttpError.notFound(POST_NOT_FOUND_MESSAGE);
    res.json(presentStaffPost(row));
  });

  router.put("/:id", staffOnly, postBody, async (req, res) => {
    const input = parseInput(PostInputSchema, req.body);
    const { version } = parseInput(SaveVersionSchema, req.body);
    const row = await savePost(db, {
      id: postId(req.params),
      input,
      expectedVersion: version,
      authorId: viewerOf(res).id,
      uploads,
      siteUrl: config.siteUrl,
    });
    res.json(presentStaffPost(row));
  });

  router.delete("/:id", staffOnly, async (req, res) => {
    if (!(await deletePost(db, postId(req.params))))
      throw HttpError.notFound(POST_NOT_FOUND_MESSAGE);
    res.status(204).end();
  });
}
