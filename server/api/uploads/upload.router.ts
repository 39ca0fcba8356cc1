import { Router } from "express";
import { MediaUploadFieldsSchema } from "#common/schemas/media.ts";
import { readImageField, WRONG_FIELD } from "#server/api/shared/image-field.ts";
import { parseInput } from "#server/api/shared/validate.ts";
import { requireEmployee, viewerOf } from "#server/auth/express-access.server.ts";
import type { ServerContext } from "#server/context.server.ts";
import { HttpError } from "#server/errors.ts";
import { storeMediaImage } from "#server/services/media-files.server.ts";

export function uploadRouter(context: ServerContext) {
  const { db, uploads } = context;
  const router = Router();

  router.post("/image", requireEmployee(context), readImageField(), async (req, res) => {
    if (!req.file) throw HttpError.badRequest(WRONG_FIELD);
    // Every upload is a media item (docs/decisions/040-media-library.md); this call still
    // answers only the address, as it always has. An `alt` field becomes the item's alt text.
    const fields = parseInput(MediaUploadFieldsSchema, req.body ?? {});
    const item = await storeMediaImage(db, uploads, req.file.buffer, {
      originalName: req.file.originalname,
      uploadedBy: viewerOf(res).id,
      altText: fields.alt,
      caption: fields.caption,
    });
    res.status(201).json({ url: item.url });
  });

  return router;
}
