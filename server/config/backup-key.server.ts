import { z } from "zod";

/**
 * BACKUP_KEY, read by `npm run backup` and `npm run restore` (docs/operations.md#backups-and-restore)
 * and validated at the server's start with every other variable.
 */
export const BACKUP_VARIABLES = {
  /**
   * Encrypts and authenticates backup archives (AES-256-GCM): 32 random bytes, as 64 hex
   * characters or in base64 (`openssl rand -hex 32`). Keep it outside the data folder and away
   * from the backups.
   */
  BACKUP_KEY: z
    .string()
    .trim()
    .transform((text, ctx) => {
      const key = backupKeyBytes(text);
      if (!key) {
        ctx.addIssue({
          code: "custom",
          message:
            "must be 32 bytes written as 64 hex characters or in base64 (make one with: openssl rand -hex 32)",
        });
        return z.NEVER;
      }
      return key;
    })
    .optional(),
};

/** The 32 bytes of a key given as 64 hex characters or base64 (or base64url); else null. */
function backupKeyBytes(text: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, "hex");
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(text)) return null;
  const bytes = Buffer.from(text.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  return bytes.length === 32 ? bytes : null;
}
