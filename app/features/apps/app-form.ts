import type { APP_STATUSES } from "#common/constants.ts";
import { AppInputSchema } from "#common/schemas/app.ts";
import type { App } from "#common/types/app.ts";
import { z } from "#common/zod.ts";

/**
 * The app form's values as the inputs hold them: text for everything typed, numbers included,
 * so a half-typed number is kept as typed; the platforms as a list of checked values.
 */
export type AppFormFields = {
  name: string;
  slug: string;
  category: string;
  relationship: string;
  status: string;
  shortDescription: string;
  description: string;
  downloadCount: string;
  rating: string;
  releaseDate: string;
  platforms: string[];
  websiteUrl: string;
  downloadUrl: string;
  logoUrl: string;
  imageUrl: string;
  sortOrder: string;
};

const AppFormFieldsSchema = z.object({
  name: z.string(),
  slug: z.string(),
  category: z.string(),
  relationship: z.string(),
  status: z.string(),
  shortDescription: z.string(),
  description: z.string(),
  downloadCount: z.string(),
  rating: z.string(),
  releaseDate: z.string(),
  platforms: z.array(z.string()),
  websiteUrl: z.string(),
  downloadUrl: z.string(),
  logoUrl: z.string(),
  imageUrl: z.string(),
  sortOrder: z.string(),
});

/** A typed number, or undefined when the field is empty; text that is no number stays NaN. */
function typedNumber(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === "" ? undefined : Number(trimmed);
}

/**
 * The form's text turned into what the API takes. An empty download count is 0 and an empty
 * sort order keeps the app's place (AppInputSchema's defaults); an empty rating is no rating.
 */
export function appFormToInput(fields: AppFormFields): Record<string, unknown> {
  return {
    ...fields,
    downloadCount: typedNumber(fields.downloadCount),
    rating: typedNumber(fields.rating) ?? "",
    sortOrder: typedNumber(fields.sortOrder),
  };
}

/**
 * The form's schema: its text converted, then checked by the schema the server uses, so every
 * message is the server's own (common/schemas/app.ts).
 */
export const AppFormSchema = AppFormFieldsSchema.transform(appFormToInput).pipe(AppInputSchema);

/** The form filled in with an app, or empty for a new one. */
export function appToFormFields(app: App | null): AppFormFields {
  return {
    name: app?.name ?? "",
    slug: app?.slug ?? "",
    category: app?.category ?? "",
    relationship: app?.relationship ?? "",
    status: app?.status ?? "released",
    shortDescription: app?.shortDescription ?? "",
    description: app?.description ?? "",
    downloadCount: app ? String(app.downloadCount) : "",
    rating: app?.rating == null ? "" : String(app.rating),
    releaseDate: app?.releaseDate ? app.releaseDate.slice(0, 10) : "",
    platforms: app ? [...app.platforms] : [],
    websiteUrl: app?.websiteUrl ?? "",
    downloadUrl: app?.downloadUrl ?? "",
    logoUrl: app?.logoUrl ?? "",
    imageUrl: app?.imageUrl ?? "",
    sortOrder: app ? String(app.sortOrder) : "",
  };
}

/** Longest slug the schema accepts. */
const MAX_SLUG_LENGTH = 100;

/**
 * The slug an app's name suggests: accents dropped, lower-cased, every run of other characters
 * one hyphen, no hyphen at either end, at most 100 characters ("Skin Studio 2!" -> "skin-studio-2").
 */
export function suggestSlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, "");
}

/** How the dashboard names each status. */
export const APP_STATUS_NAMES: Record<(typeof APP_STATUSES)[number], string> = {
  released: "Released",
  "in-development": "In Development",
  beta: "Beta",
  banned: "Banned",
};

/** The badge colour of a status: green released, yellow not yet, red banned. */
export function appStatusVariant(status: string): "green" | "yellow" | "red" | "neutral" {
  if (status === "released") return "green";
  if (status === "in-development" || status === "beta") return "yellow";
  if (status === "banned") return "red";
  return "neutral";
}
