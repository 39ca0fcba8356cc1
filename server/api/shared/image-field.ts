import type { RequestHandler } from "express";
import multer from "multer";
import { MAX_UPLOAD_BYTES, UPLOAD_IMAGE_FIELD, UPLOAD_MESSAGES } from "#common/constants.ts";
import { HttpError } from "#server/errors.ts";

// The one multipart reader of image uploads: the editor's upload call and the media library's.

export const WRONG_FIELD = `Send one image in the form field "${UPLOAD_IMAGE_FIELD}" (multipart/form-data).`;

/**
 * Reads the one file of a multipart upload into memory, refusing it as soon as it passes
 * MAX_UPLOAD_BYTES; busboy's and multer's refusals become our JSON errors.
 */
export function readImageField(): RequestHandler {
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
