import {
  APP_CATEGORIES,
  APP_PLATFORMS,
  APP_RELATIONSHIPS,
  APP_STATUSES,
  type AppPlatform,
} from "#common/constants.ts";
import { z } from "#common/zod.ts";

/** Largest value of a PostgreSQL `integer` column (downloadCount, sortOrder). */
const MAX_INTEGER = 2_147_483_647;
const MIN_INTEGER = -2_147_483_648;

/**
 * The messages of the app form, one per rule, so the form and tests can refer to them: each
 * says in plain words what to do, never a stored value (docs/product/dashboard.md#app-form).
 */
export const APP_MESSAGES = {
  nameRequired: "Enter the app's name.",
  nameTooLong: "Keep the name to 100 characters or fewer.",
  nameInvalid: "Write the name on one line, without tabs or other invisible characters.",
  slugRequired: "Enter a slug: the app's address on the Apps & Tools page.",
  slugFormat:
    "Use only lowercase letters, digits and hyphens in the slug, starting and ending with a letter or digit.",
  slugTooLong: "Keep the slug to 100 characters or fewer.",
  slugTaken: "That slug is already used by another app.",
  category: "Choose a category.",
  relationship: "Choose how the studio is related to this app.",
  status: "Choose the app's status.",
  logoUrl: "Upload a PNG or JPEG logo, or paste an address starting with http:// or https://.",
  imageUrl: "Upload a PNG or JPEG image, or paste an address starting with http:// or https://.",
  shortDescription: "Keep the short description to 300 characters or fewer.",
  description: "Keep the description to 5,000 characters or fewer.",
  downloadCount: "Enter the number of downloads as a whole number from 0 to 2,147,483,647.",
  rating: "Enter a rating from 0 to 5, or leave it empty.",
  releaseDate: "Enter a real date between the years 1900 and 9999, or leave it empty.",
  platformsRequired: "Choose at least one platform.",
  platforms: "Choose the platforms from the list.",
  websiteUrl: "Enter the website as an address starting with http:// or https://.",
  downloadUrl: "Enter the download link as an address starting with http:// or https://.",
  sortOrder: "Enter the sort order as a whole number; lower numbers come first.",
  notFound: "That app does not exist.",
} as const;

const MAX_URL_LENGTH = 2000;

// Uploaded files are served from /uploads/<name>; names are single path segments.
const UPLOAD_PATH = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** An absolute http: or https: URL with a host and no whitespace. */
export function isHttpUrl(value: string): boolean {
  if (/\s/.test(value) || !/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** A file under /uploads (as the upload call returns it) or an http(s) URL. */
export function isImageReference(value: string): boolean {
  return (UPLOAD_PATH.test(value) && !value.includes("..")) || isHttpUrl(value);
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
// A date and time with seconds optional, fraction optional, and a zone (Z or ±hh:mm).
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * A release date as the API stores it (an ISO-8601 UTC instant), from "YYYY-MM-DD" (midnight
 * UTC) or an ISO date-time with a zone; null when the value is no real date or outside the
 * years 1900 to 9999.
 */
export function parseReleaseDate(value: string): string | null {
  const match = DATE_ONLY.exec(value) ?? DATE_TIME.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Date.UTC rolls 2023-02-30 over to March; a real date survives the round trip.
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (
    calendar.getUTCFullYear() !== year ||
    calendar.getUTCMonth() !== month - 1 ||
    calendar.getUTCDate() !== day
  ) {
    return null;
  }
  const instant = DATE_ONLY.test(value) ? calendar : new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  const utcYear = instant.getUTCFullYear();
  if (utcYear < 1900 || utcYear > 9999) return null;
  return instant.toISOString();
}

// NUL is no character anyone types, and PostgreSQL cannot store it in text.
const hasNoNul = (value: string) => !value.includes("\0");

/** Optional text: absent or null becomes "", surrounding space is trimmed. */
function optionalText(max: number, message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(max, message)
    .refine(hasNoNul, message)
    .nullish()
    .transform((value) => value ?? "");
}

/** An optional link: absent, null and "" become null; anything else must pass `isValid`. */
function optionalLink(isValid: (value: string) => boolean, message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(MAX_URL_LENGTH, message)
    .refine(hasNoNul, message)
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || isValid(value), message);
}

/**
 * The app form and `POST` / `PUT /api/apps` (docs/product/dashboard.md#app-form,
 * docs/product/content-model.md#app-records). Unknown fields are dropped. Optional links, rating
 * and release date may be left out, null or "" (stored as null). `sortOrder` places the app in the
 * public list (lower first, then by name); left out, a new app gets 0 and an edited app keeps its
 * place.
 */
export const AppInputSchema = z.object({
  name: z
    .string({ error: APP_MESSAGES.nameRequired })
    .trim()
    .min(1, APP_MESSAGES.nameRequired)
    .max(100, APP_MESSAGES.nameTooLong)
    // A name is one line: no line breaks, tabs or other control characters.
    .refine((value) => !/\p{Cc}/u.test(value), APP_MESSAGES.nameInvalid),
  slug: z
    .string({ error: APP_MESSAGES.slugRequired })
    .trim()
    .min(1, APP_MESSAGES.slugRequired)
    .max(100, APP_MESSAGES.slugTooLong)
    .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, APP_MESSAGES.slugFormat),
  category: z.enum(APP_CATEGORIES, { error: APP_MESSAGES.category }),
  relationship: z.enum(APP_RELATIONSHIPS, { error: APP_MESSAGES.relationship }),
  status: z.enum(APP_STATUSES, { error: APP_MESSAGES.status }),
  logoUrl: optionalLink(isImageReference, APP_MESSAGES.logoUrl),
  imageUrl: optionalLink(isImageReference, APP_MESSAGES.imageUrl),
  shortDescription: optionalText(300, APP_MESSAGES.shortDescription),
  description: optionalText(5000, APP_MESSAGES.description),
  downloadCount: z
    .number({ error: APP_MESSAGES.downloadCount })
    .int(APP_MESSAGES.downloadCount)
    .min(0, APP_MESSAGES.downloadCount)
    .max(MAX_INTEGER, APP_MESSAGES.downloadCount)
    .default(0),
  rating: z
    .union(
      [z.number().min(0, APP_MESSAGES.rating).max(5, APP_MESSAGES.rating), z.literal(""), z.null()],
      { error: APP_MESSAGES.rating },
    )
    .optional()
    .transform((value) => (typeof value === "number" ? value : null)),
  releaseDate: z
    .string({ error: APP_MESSAGES.releaseDate })
    .trim()
    .nullish()
    .transform((value, ctx) => {
      if (!value) return null;
      const parsed = parseReleaseDate(value);
      if (parsed === null) {
        ctx.addIssue({ code: "custom", message: APP_MESSAGES.releaseDate });
        return z.NEVER;
      }
      return parsed;
    }),
  platforms: z
    .array(z.unknown(), { error: APP_MESSAGES.platformsRequired })
    .transform((values, ctx) => {
      if (values.length === 0) {
        ctx.addIssue({ code: "custom", message: APP_MESSAGES.platformsRequired });
        return z.NEVER;
      }
      if (!values.every((v) => (APP_PLATFORMS as readonly unknown[]).includes(v))) {
        ctx.addIssue({ code: "custom", message: APP_MESSAGES.platforms });
        return z.NEVER;
      }
      // Each platform once, in the order of APP_PLATFORMS, however the form sent them.
      return APP_PLATFORMS.filter((p) => values.includes(p)) as AppPlatform[];
    }),
  websiteUrl: optionalLink(isHttpUrl, APP_MESSAGES.websiteUrl),
  downloadUrl: optionalLink(isHttpUrl, APP_MESSAGES.downloadUrl),
  sortOrder: z
    .number({ error: APP_MESSAGES.sortOrder })
    .int(APP_MESSAGES.sortOrder)
    .min(MIN_INTEGER, APP_MESSAGES.sortOrder)
    .max(MAX_INTEGER, APP_MESSAGES.sortOrder)
    .optional(),
});

/** A valid app, as the server stores it. */
export type AppInput = z.output<typeof AppInputSchema>;
/** What the form holds before parsing (optional fields may be left out, "" or null). */
export type AppFormValues = z.input<typeof AppInputSchema>;
