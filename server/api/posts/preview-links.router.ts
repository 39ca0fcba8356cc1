import { Router } from "express";
import { PreviewLinkInputSchema } from "#common/schemas/preview-link.ts";
import { uuidParam } from "#server/api/shared/params.ts";
import { parseInput } from "#server/api/shared/validate.ts";
import { requireEmployee, viewerOf } from "#server/auth/express-access.server.ts";
import type { ServerContext } from "#server/context.server.ts";
import { HttpError } from "#server/errors.ts";
import {
  presentNewPreviewLink,
  presentPreviewLink,
} from "#server/presenters/preview-link.server.ts";
import { getPostById, POST_NOT_FOUND_MESSAGE } from "#server/services/post-rows.server.ts";
import {
  createPreviewLink,
  listLivePreviewLinks,
  PREVIEW_LINK_NOT_FOUND_MESSAGE,
  revokePreviewLink,
} from "#server/services/preview-links.server.ts";

/**
 * A post's preview links (docs/product/api.md#preview-links): make one, list the live ones,
 * revoke one. Staff only, like every call about drafts. Mounted at /api/posts after the JSON
 * parser.
 */
export function previewLinksRouter(context: ServerContext) {
  const { db, config } = context;
  const router = Router();
  const staffOnly = requireEmployee(context);

  /** The post of `:id`, or 404. */
  async function existingPostId(params: Record<string, unknown>): Promise<string> {
    const id = uuidParam(params, "id", POST_NOT_FOUND_MESSAGE);
    if (!(await getPostById(db, id))) throw HttpError.notFound(POST_NOT_FOUND_MESSAGE);
    return id;
  }

  router.post("/:id/preview-links", staffOnly, async (req, res) => {
    const postId = await existingPostId(req.params);
    const { expiresInDays } = parseInput(PreviewLinkInputSchema, req.body);
    const { link, token } = await createPreviewLink(db, {
      postId,
      userId: viewerOf(res).id,
      days: expiresInDays,
    });
    res.status(201).json(presentNewPreviewLink(link, token, config.siteUrl));
  });

  router.get("/:id/preview-links", staffOnly, async (req, res) => {
    const links = await listLivePreviewLinks(db, await existingPostId(req.params));
    res.json(links.map(presentPreviewLink));
  });

  router.delete("/:id/preview-links/:linkId", staffOnly, async (req, res) => {
    const postId = await existingPostId(req.params);
    const linkId = uuidParam(req.params, "linkId", PREVIEW_LINK_NOT_FOUND_MESSAGE);
    if (!(await revokePreviewLink(db, { postId, linkId }))) {
      throw HttpError.notFound(PREVIEW_LINK_NOT_FOUND_MESSAGE);
    }
    res.status(204).end();
  });

  return router;
}
