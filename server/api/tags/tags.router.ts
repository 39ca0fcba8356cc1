import { type Request, Router } from "express";
import {
  MergeTagsSchema,
  RenameTagSchema,
  TAG_SUGGESTION_LIMIT,
  TagListQuerySchema,
} from "#common/schemas/tag.ts";
import { fitsTagLength } from "#common/tags.ts";
import type { TagCount } from "#common/types/tag.ts";
import { parseInput } from "#server/api/shared/validate.ts";
import { requireEmployee, viewerOf } from "#server/auth/express-access.server.ts";
import type { ServerContext } from "#server/context.server.ts";
import { HttpError } from "#server/errors.ts";
import { listTags } from "#server/services/post-tags.server.ts";
import {
  deleteTag,
  mergeTags,
  renameTag,
  tagNotFoundMessage,
} from "#server/services/tag-changes.server.ts";

/**
 * The tags of posts (docs/product/api.md#tag-calls): staff only, like the posts. Every change
 * rewrites the posts that carry the tag; the response cache and the content memo are emptied by
 * the write like after any other.
 */
export function tagsRouter(context: ServerContext) {
  const { db } = context;
  const router = Router();
  router.use(requireEmployee(context));

  router.get("/", async (req, res) => {
    const { q } = parseInput(TagListQuerySchema, req.query);
    const tags: TagCount[] = await listTags(db, q ? { q, limit: TAG_SUGGESTION_LIMIT } : undefined);
    res.json(tags);
  });

  router.post("/merge", async (req, res) => {
    const { from, into } = parseInput(MergeTagsSchema, req.body);
    res.json(await mergeTags(db, { from, into, userId: viewerOf(res).id }));
  });

  router.put("/:tag", async (req, res) => {
    const tag = tagParam(req);
    const { name } = parseInput(RenameTagSchema, req.body);
    res.json(await renameTag(db, { tag, name, userId: viewerOf(res).id }));
  });

  router.delete("/:tag", async (req, res) => {
    await deleteTag(db, { tag: tagParam(req), userId: viewerOf(res).id });
    res.status(204).end();
  });

  return router;
}

/** The tag a path names, exactly as posts carry it; one no post could carry is 404. */
function tagParam(req: Request): string {
  const tag = String(req.params.tag ?? "");
  if (tag === "" || !fitsTagLength(tag)) throw HttpError.notFound(tagNotFoundMessage(tag));
  return tag;
}
