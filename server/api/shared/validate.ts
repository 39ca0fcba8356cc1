import type { z } from "zod";
import { HttpError } from "#server/errors.ts";

/** Turns a zod failure into `errors`: field -> first message for that field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.join(".") : "_";
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * Parses input with a schema, or throws a 400 whose message is the first problem and whose
 * `errors` name every field that is wrong.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors = fieldErrors(result.error);
  throw HttpError.badRequest(Object.values(errors)[0] ?? "Invalid input.", errors);
}
