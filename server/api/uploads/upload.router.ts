import { type RequestHandler, Router } from "express";
import multer from "multer";
import { MAX_UPLOAD_BYTES, UPLOAD_IMAGE_FIELD, UPLOAD_MESSAGES } from "#common/constants.ts";
import { requireEmployee } from "#server/auth/express-access.server.ts";
import type { ServerContext } from "#server/context.server.ts";
import { HttpError } from "#server/errors.ts";
import { storeUploadedImage } from "#server/services/uploaded-images.server.ts";

const WRONG_FIELD = `Send one image in the form field "${UPLOAD_IMAGE_FIELD}" (multipart/form-data).`;

/**
 * Reads the one file of a multipart upload into memory, refusing it as soon as it passes
 * MAX_UPLOAD_BYTES; busboy's and multer's refusals become our JSON errors.
 */
function readImageField(): RequestHandler {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
  }).single(UPLOAD_IMAGE_FIELD);
  return (req, res, next) => {
    parse(req, res, (error: unknown) => {
      if (!error) return next();
      if (error instanceof multer.MulterError) {
        if (error.code === "LIMIT_FILE_SIZE") {
          return next(HttpError.payloadTooLarge(UPLOAD_MESSAGES.tooLarge));
        }
        return next(HttpError.badRequest(WRONG_FIELD));
      }
      // busboy: a body that is not well-formed multipart (cut short, bad boundary, …).
      next(HttpError.badRequest("The upload was incomplete or malformed. Please try again."));
    });
  };
}

export function uploadRouter(context: ServerContext) {
  const { uploads } = context;
  const router = Router();

  router.post("/image", requireEmployee(context), readImageField(), async (req, res) => {
    if (!req.file) throw HttpError.badRequest(WRONG_FIELD);
    res.status(201).json(await storeUploadedImage(uploads, req.file.buffer));
  });

  return router;
}
