import { type RequestHandler, Router } from "express";
import multer from "multer";
import { MAX_IMPORT_BYTES } from "#common/subscriber-import.ts";
import type { ImportReport } from "#common/types/subscriber.ts";
import { requireAdmin } from "#server/auth/express-access.server.ts";
import type { ServerContext } from "#server/context.server.ts";
import { HttpError } from "#server/errors.ts";
import { importSubscribers } from "#server/services/subscriber-consent.server.ts";
import { readImportFile } from "#server/services/subscriber-import.server.ts";

/** The multipart field of the CSV file, and of the consent box. */
export const IMPORT_FILE_FIELD = "file";
export const IMPORT_CONSENT_FIELD = "consent";

const WRONG_FORM = `Send the CSV file in the form field "${IMPORT_FILE_FIELD}" (multipart/form-data), and "${IMPORT_CONSENT_FIELD}" as true or false.`;
const TOO_LARGE = `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Please split it into smaller files.`;

/** Reads the one file of the form into memory, refusing it once it passes MAX_IMPORT_BYTES. */
function readImportForm(): RequestHandler {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 6 },
  }).single(IMPORT_FILE_FIELD);
  return (req, res, next) => {
    parse(req, res, (error: unknown) => {
      if (!error) return next();
      if (error instanceof multer.MulterError && error.code === "LIMIT_FILE_SIZE") {
        return next(HttpError.payloadTooLarge(TOO_LARGE));
      }
      next(HttpError.badRequest(WRONG_FORM));
    });
  };
}

const CONSENT_VALUES: Record<string, boolean> = {
  true: true,
  on: true,
  "1": true,
  yes: true,
  false: false,
  off: false,
  "0": false,
  no: false,
  "": false,
};

/**
 * `POST /api/subscribers/import` (docs/product/mail.md#importing-subscribers): admins only. Adds
 * the file's new addresses, active when the admin ticks that they consented, pending otherwise with
 * their confirmation mails queued (sent after the answer, one at a time); answers the report.
 */
export function subscriberImportRouter(context: ServerContext) {
  const { db, confirmations } = context;
  const router = Router();
  router.post("/import", requireAdmin(context), readImportForm(), async (req, res) => {
    const file = req.file;
    const rawConsent = (req.body as Record<string, unknown> | undefined)?.[IMPORT_CONSENT_FIELD];
    const consent = CONSENT_VALUES[typeof rawConsent === "string" ? rawConsent : ""];
    if (
      !file ||
      consent === undefined ||
      (rawConsent !== undefined && typeof rawConsent !== "string")
    ) {
      throw HttpError.badRequest(WRONG_FORM);
    }
    const now = new Date();
    const read = await readImportFile(file.buffer, now);
    if (!read.ok) throw HttpError.badRequest(read.message);
    const added = await importSubscribers(db, read.candidates, { consent, now });
    // Without the consent box, each new address gets the confirmation mail (whatever
    // NEWSLETTER_DOUBLE_OPT_IN says: that is about the form, where the person asks themself),
    // at the site's pace and behind anyone subscribing on the form meanwhile.
    if (!consent) confirmations.enqueue(added, { bulk: true });
    const report: ImportReport = {
      added: added.length,
      alreadyPresent: read.candidates.length - added.length,
      refused: read.refused,
    };
    res.json(report);
  });
  return router;
}
