import { z } from "#common/zod.ts";
import { HttpError } from "#server/errors.ts";

/**
 * A UUID path parameter (`name`), or what cannot exist: 404 with `message`, the one a request
 * for a missing record of that kind gets.
 */
export function uuidParam(params: Record<string, unknown>, name: string, message: string): string {
  const id = params[name];
  if (typeof id !== "string" || !z.uuid().safeParse(id).success) {
    throw HttpError.notFound(message);
  }
  return id;
}
