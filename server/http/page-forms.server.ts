import type { MiddlewareFunction } from "react-router";

// The pages' forms (sign-in, "Forgot password?", a reset link, an invitation) are posted by
// browsers as application/x-www-form-urlencoded or multipart/form-data, and their actions read
// them with request.formData(), which throws on any other content type and on a body it cannot
// read (a multipart body cut short or without its boundary): a 500, and its stack in the log.
// The root route's middleware answers those requests before any action runs, and logs nothing
// (the request's own line says how it ended). Cross-site posts are refused before React Router
// (sameOriginWrites in server/app.ts).

/** What a page form's refusal says (JSON `{"message"}`, as every error answer). */
export const PAGE_FORM_MESSAGES = {
  unsupported:
    "This form takes application/x-www-form-urlencoded or multipart/form-data, as a browser sends it.",
  unreadable: "The form could not be read. Please send it again from the page.",
} as const;

/** The content types an HTML form of ours is sent as, and the ones formData() reads. */
const FORM_TYPES: ReadonlySet<string> = new Set([
  "application/x-www-form-urlencoded",
  "multipart/form-data",
]);

/** Whether a Content-Type header names a form's type (parameters such as the boundary aside). */
export function isFormContentType(header: string | null): boolean {
  const type = header?.split(";", 1)[0]?.trim().toLowerCase();
  return type !== undefined && FORM_TYPES.has(type);
}

function refusal(status: 400 | 415, message: string): Response {
  return Response.json({ message }, { status, headers: { "Cache-Control": "no-store" } });
}

/**
 * Root middleware: a form posted to a page is answered 415 when it is not a form's content
 * type and 400 when its body cannot be read as one; the action then reads a body that parses.
 * The body (at most BODY_LIMITS.page, 16 KB) is read once more from a copy of the request.
 */
export const answerUnreadableForms: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (request.method !== "POST") return next();
  if (!isFormContentType(request.headers.get("content-type"))) {
    return refusal(415, PAGE_FORM_MESSAGES.unsupported);
  }
  try {
    await request.clone().formData();
  } catch {
    return refusal(400, PAGE_FORM_MESSAGES.unreadable);
  }
  return next();
};
