import express, { Router } from "express";
import { PostAutosaveSchema, RequiredVersionSchema } from "#common/schemas/post-autosave.ts";
import type { RestoreAnswer, WorkingCopyAnswer } from "#common/types/post-revision.ts";
import { uuidParam } from "#server/api/shared/params.ts";
import { parseInput } from "#server/api/shared/validate.ts";
import { requireEmployee, viewerOf } from "#server/auth/express-access.server.ts";
import type { ServerContext } from "#server/context.server.ts";
import { HttpError } from "#server/errors.ts";
import { BODY_LIMITS } from "#server/http/body-limits.server.ts";
import { presentStaffPost } from "#server/presenters/post.server.ts";
import {
  presentRevision,
  presentRevisionSummary,
  presentWorkingCopy,
} from "#server/presenters/post-revision.server.ts";
import { getDisplayNames } from "#server/services/people.server.ts";
import { autosaveNewPost, autosavePost } from "#server/services/post-autosave.server.ts";
import {
  REVISION_NOT_FOUND_MESSAGE,
  restoreRevision,
} from "#server/services/post-restore.server.ts";
import { getRevision, listRevisions } from "#server/services/post-revisions.server.ts";
import { getPostById, POST_NOT_FOUND_MESSAGE } from "#server/services/post-rows.server.ts";
import { deleteWorkingCopy, getWorkingCopy } from "#server/services/post-working-copies.server.ts";

/**
 * The editor's calls beyond saving a post (docs/decisions/008-editor-saves.md): autosave,
 * working copies and revisions. Staff only, like every call that reads drafts. Mounted at
 * /api/posts beside postsRouter.
 */
export function postEditorRouter(context: ServerContext) {
  const { db, config, uploads } = context;
  const router = Router();
  const staffOnly = requireEmployee(context);
  // Autosave bodies are post bodies: they may carry the featured image inline (BODY_LIMITS.post).
  const postBody = express.json({ limit: BODY_LIMITS.post });

  /** The post of `:id`, or 404. */
  async function existingPostId(params: Record<string, unknown>): Promise<string> {
    const id = uuidParam(params, "id", POST_NOT_FOUND_MESSAGE);
    if (!(await getPostById(db, id))) throw HttpError.notFound(POST_NOT_FOUND_MESSAGE);
    return id;
  }

  router.post("/autosave", staffOnly, postBody, async (req, res) => {
    const input = parseInput(PostAutosaveSchema, req.body);
    const row = await autosaveNewPost(db, {
      input,
      userId: viewerOf(res).id,
      uploads,
      siteUrl: config.siteUrl,
    });
    res.status(201).json(presentStaffPost(row));
  });

  router.put("/:id/autosave", staffOnly, postBody, async (req, res) => {
    const input = parseInput(PostAutosaveSchema, req.body);
    const { version } = parseInput(RequiredVersionSchema, req.body);
    const answer = await autosavePost(db, {
      id: uuidParam(req.params, "id", POST_NOT_FOUND_MESSAGE),
      version,
      input,
      userId: viewerOf(res).id,
      uploads,
      siteUrl: config.siteUrl,
    });
    res.json(answer);
  });

  router.get("/:id/working-copy", staffOnly, async (req, res) => {
    const id = await existingPostId(req.params);
    const copy = await getWorkingCopy(db, id);
    const answer: WorkingCopyAnswer = {
      workingCopy: presentWorkingCopy(copy, await getDisplayNames(db, [copy?.savedBy])),
    };
    res.json(answer);
  });

  router.delete("/:id/working-copy", staffOnly, async (req, res) => {
    await deleteWorkingCopy(db, await existingPostId(req.params));
    res.status(204).end();
  });

  router.get("/:id/revisions", staffOnly, async (req, res) => {
    const rows = await listRevisions(db, await existingPostId(req.params));
    const names = await getDisplayNames(
      db,
      rows.map((row) => row.savedBy),
    );
    res.json(rows.map((row) => presentRevisionSummary(row, names)));
  });

  router.get("/:id/revisions/:rev", staffOnly, async (req, res) => {
    const id = await existingPostId(req.params);
    const revisionId = uuidParam(req.params, "rev", REVISION_NOT_FOUND_MESSAGE);
    const row = await getRevision(db, id, revisionId);
    if (!row) throw HttpError.notFound(REVISION_NOT_FOUND_MESSAGE);
    res.json(presentRevision(row, await getDisplayNames(db, [row.savedBy])));
  });

  router.post("/:id/revisions/:rev/restore", staffOnly, postBody, async (req, res) => {
    const { version } = parseInput(RequiredVersionSchema, req.body);
    const restored = await restoreRevision(db, {
      postId: uuidParam(req.params, "id", POST_NOT_FOUND_MESSAGE),
      revisionId: uuidParam(req.params, "rev", REVISION_NOT_FOUND_MESSAGE),
      version,
      userId: viewerOf(res).id,
    });
    const answer: RestoreAnswer = {
      post: presentStaffPost(restored.post),
      workingCopy: presentWorkingCopy(
        restored.workingCopy,
        await getDisplayNames(db, [restored.workingCopy?.savedBy]),
      ),
    };
    res.json(answer);
  });

  return router;
}
