import { expect } from "vitest";
import type { Post } from "#common/types/post.ts";
import type {
  AutosaveAnswer,
  PostRevisionSummary,
  VersionConflict,
  WorkingCopy,
  WorkingCopyAnswer,
} from "#common/types/post-revision.ts";
import { type ErrorBody, readError } from "#tests/helpers/http.ts";
import type { SignedIn } from "#tests/helpers/staff.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { staffPostCalls } from "./posts.router.fixture.ts";

// What the tests of the editor's save calls (versions, autosave, working copies, revisions)
// share, beside posts.router.fixture.ts.

/** The editor's calls as the employee of the running test file, answers checked for success. */
export function editorCalls(current: () => { server: TestServer; employee: SignedIn }) {
  const posts = staffPostCalls(current);
  const { send, db } = posts;

  async function ok<T>(response: Response, status = 200): Promise<T> {
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as T;
  }

  const autosave = async (id: string, body: Record<string, unknown>) =>
    ok<AutosaveAnswer>(await send("PUT", `/api/posts/${id}/autosave`, body));

  const workingCopy = async (id: string): Promise<WorkingCopy | null> =>
    (await ok<WorkingCopyAnswer>(await send("GET", `/api/posts/${id}/working-copy`))).workingCopy;

  const revisions = async (id: string) =>
    ok<PostRevisionSummary[]>(await send("GET", `/api/posts/${id}/revisions`));

  const getPost = async (id: string) => ok<Post>(await send("GET", `/api/posts/${id}`));

  /** The post's revision rows, oldest first. */
  const revisionRows = (postId: string) =>
    db()
      .selectFrom("post_revisions")
      .selectAll()
      .where("postId", "=", postId)
      .orderBy("createdAt")
      .orderBy("id")
      .execute();

  return { ...posts, ok, autosave, workingCopy, revisions, getPost, revisionRows };
}

/**
 * Names the employee with this e-mail: their record's first and last name make their display
 * name (docs/product/content-model.md#people).
 */
export async function nameEmployee(server: TestServer, email: string, name: string) {
  const [firstName = "", lastName = ""] = name.split(" ");
  await server.db.handle.db
    .updateTable("employees")
    .set({ firstName, lastName })
    .where("email", "=", email.toLowerCase())
    .execute();
}

/** A 409 for a save made from an old version: its message and `conflict`. */
export async function readConflict(
  response: Response,
): Promise<ErrorBody & { conflict: VersionConflict }> {
  const body = (await readError(response, 409)) as ErrorBody & { conflict?: VersionConflict };
  expect(body.conflict, "the conflict's details").toBeDefined();
  return body as ErrorBody & { conflict: VersionConflict };
}
