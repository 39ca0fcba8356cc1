import { POST_LIMITS, postFields } from "#common/schemas/post.ts";
import { z } from "#common/zod.ts";

// The editor's save calls beyond the post form (docs/decisions/008-editor-saves.md): the
// version a save starts from, and the lenient form an autosave sends.

const VERSION_MESSAGE = "Version must be a whole number of 1 or more";

function version() {
  return z.number({ error: VERSION_MESSAGE }).int(VERSION_MESSAGE).min(1, VERSION_MESSAGE);
}

/**
 * `PUT /api/posts/{id}`'s optional `version`: the version the editor started from. Without it
 * the save is made whatever the stored version is (callers of the documented API keep working).
 */
export const SaveVersionSchema = z.object({
  version: version()
    .nullish()
    .transform((value) => value ?? undefined),
});

/** The version an autosave or a restore starts from; these calls always name it. */
export const RequiredVersionSchema = z.object({
  version: version(),
});

/**
 * What an autosave takes: what a person may still be typing. Title and slug are needed; the
 * content may be empty; every other field is optional, and each one given is checked by the
 * post form's own rule. Status, scheduled time and publication time are not autosaved (unknown
 * fields are dropped), so an autosave can never change what the public sees.
 */
export const PostAutosaveSchema = postFields()
  .omit({ status: true, scheduledAt: true })
  .extend({
    content: z
      .string({ error: "Write the content as text." })
      .max(
        POST_LIMITS.content,
        `Keep the content to ${POST_LIMITS.content.toLocaleString("en-US")} characters or fewer.`,
      )
      .nullish()
      .transform((html) => html ?? ""),
  });

export type PostAutosaveInput = z.output<typeof PostAutosaveSchema>;
