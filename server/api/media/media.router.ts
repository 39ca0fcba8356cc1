import { Router } from "express";
import {
  MEDIA_SORTS,
  MEDIA_USE_FILTERS,
  MediaCleanupQuerySchema,
  MediaCleanupSchema,
  MediaUpdateSchema,
  MediaUploadFieldsSchema,
} from "#common/schemas/media.ts";
import { z } from "#common/zod.ts";
import { readImageField, WRONG_FIELD } from "#server/api/shared/image-field.ts";
import { oneOf, pagedAnswer, staffListQuerySchema } from "#server/api/shared/list-query.ts";
import { parseInput } from "#server/api/shared/validate.ts";
import { requireEmployee, viewerOf } from "#server/auth/express-access.server.ts";
import type { ServerContext } from "#server/context.server.ts";
import { HttpError } from "#server/errors.ts";
import { getMediaDetails, pageMedia, updateMediaText } from "#server/services/media.server.ts";
import {
  cleanUpMedia,
  deleteMedia,
  listCleanupCandidates,
  replaceMediaFile,
  storeMediaImage,
} from "#server/services/media-files.server.ts";

const MediaPageQuerySchema = staffListQuerySchema(MEDIA_SORTS, {
  use: oneOf("use", MEDIA_USE_FILTERS).default("all"),
});

const IdParamsSchema = z.object({ id: z.string() });

/** `DELETE /api/media/{id}?removeUses=1`: the staff member confirmed taking it out of its uses. */
const DeleteQuerySchema = z.object({
  removeUses: oneOf("removeUses", ["0", "1"]).default("0"),
});

/**
 * The media library (docs/product/api.md#media-calls, docs/decisions/040-media-library.md):
 * staff only, like the uploads. Every change is a write, so the response cache and the content
 * memo are emptied after it like after any other.
 */
export function mediaRouter(context: ServerContext) {
  const { db, uploads } = context;
  const router = Router();
  router.use(requireEmployee(context));

  router.get("/", async (req, res) => {
    const query = parseInput(MediaPageQuerySchema, req.query);
    const { items, total } = await pageMedia(db, {
      page: query.page,
      pageSize: query.limit,
      sort: query.sort,
      term: query.q,
      use: query.use,
    });
    res.json(pagedAnswer(items, total, query));
  });

  router.post("/", readImageField(), async (req, res) => {
    if (!req.file) throw HttpError.badRequest(WRONG_FIELD);
    const fields = parseInput(MediaUploadFieldsSchema, req.body ?? {});
    const item = await storeMediaImage(db, uploads, req.file.buffer, {
      originalName: req.file.originalname,
      uploadedBy: viewerOf(res).id,
      altText: fields.alt,
      caption: fields.caption,
    });
    res.status(201).json(item);
  });

  router.get("/cleanup", async (req, res) => {
    const { olderThanDays } = parseInput(MediaCleanupQuerySchema, req.query);
    res.json(await listCleanupCandidates(db, olderThanDays));
  });

  router.post("/cleanup", async (req, res) => {
    const input = parseInput(MediaCleanupSchema, req.body);
    res.json(await cleanUpMedia(db, uploads, input));
  });

  router.get("/:id", async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    res.json(await getMediaDetails(db, id));
  });

  router.patch("/:id", async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    const input = parseInput(MediaUpdateSchema, req.body);
    res.json(await updateMediaText(db, id, input));
  });

  router.put("/:id/file", readImageField(), async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    if (!req.file) throw HttpError.badRequest(WRONG_FIELD);
    res.json(await replaceMediaFile(db, uploads, id, req.file.buffer, req.file.originalname));
  });

  router.delete("/:id", async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    const { removeUses } = parseInput(DeleteQuerySchema, req.query);
    await deleteMedia(db, uploads, id, { removeUses: removeUses === "1" });
    res.status(204).end();
  });

  return router;
}
