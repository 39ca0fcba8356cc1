import { hasSessionCookie } from "#server/auth/auth.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { rememberContent } from "#server/services/content-memo.server.ts";

/**
 * What a public page shows every visitor alike, from the process's short memo of the content
 * (server/services/content-memo.server.ts: forgotten on any write, at most a quarter of a
 * second old otherwise). A request with a session (staff) reads it afresh: staff see drafts and
 * expect their own changes at once.
 */
export function sharedContent<T>(
  db: Db,
  request: Request,
  key: string,
  read: () => Promise<T>,
): Promise<T> {
  const bypass = hasSessionCookie(request.headers.get("cookie") ?? "");
  return rememberContent(db, key, read, { bypass });
}
