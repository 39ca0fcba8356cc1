import { z } from "#common/zod.ts";

// Rules the post form's fields share, its search and social settings included (post.ts,
// post-seo.ts): one wording for every optional text and address.

/** Whether `value` is an absolute http(s) address with a host. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** An uploaded file's name, bare or as its /uploads/ path. */
const UPLOAD_NAME = /^(?:\/uploads\/)?[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** Whether `value` names an uploaded file (never a path out of the uploads). */
export function isUploadName(value: string): boolean {
  return UPLOAD_NAME.test(value) && !value.includes("..");
}

/** Optional text: trimmed; "", null and a missing field all become null. */
export function optionalText(max: number, label: string) {
  return z
    .string({ error: `Write the ${label} as text.` })
    .trim()
    .max(max, `Keep the ${label} to ${max.toLocaleString("en-US")} characters or fewer.`)
    .nullish()
    .transform((value) => value || null);
}

/** The longest address a post's link fields take. */
export const MAX_URL_LENGTH = 2048;

/** An http(s) URL or nothing ("", null, missing: null). */
export function optionalUrl(label: string) {
  const message = `Enter the ${label} as an address starting with http:// or https://.`;
  return z
    .string({ error: message })
    .trim()
    .max(MAX_URL_LENGTH, `Keep the ${label} to ${MAX_URL_LENGTH} characters or fewer.`)
    .refine((value) => value === "" || isHttpUrl(value), message)
    .nullish()
    .transform((value) => value || null);
}
