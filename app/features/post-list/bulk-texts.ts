import type { BulkPostAction as BulkAction } from "#common/constants.ts";
import type { BulkPostAnswer } from "#common/types/post-list.ts";

/**
 * What the bulk actions of a staff post table say (docs/product/dashboard.md#content-lists): the
 * one question before acting, naming how many posts and what the public will see, and the toast
 * after. Pure, so the words are tested on their own.
 */

const posts = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "post" : "posts"}`;

/** The question asked before a bulk action, and the words of its button. */
export function bulkQuestion(
  action: BulkAction,
  count: number,
): { title: string; description: string; confirmLabel: string; destructive: boolean } {
  const they = count === 1 ? "It" : "They";
  const them = count === 1 ? "it" : "them";
  switch (action) {
    case "publish":
      return {
        title: `Publish ${posts(count)}?`,
        description: `${they} ${count === 1 ? "goes" : "go"} public at once: ${count === 1 ? "its page" : "their pages"}, the news list and the feeds show ${them}. Drafts and scheduled posts only; a post that is not ready to publish is left as it is.`,
        confirmLabel: `Publish ${posts(count)}`,
        destructive: false,
      };
    case "unpublish":
      return {
        title: `Unpublish ${posts(count)}?`,
        description: `${they} leave the public site at once: ${count === 1 ? "its page" : "their pages"}, the news list and the feeds stop showing ${them} until ${count === 1 ? "it is" : "they are"} published again.`,
        confirmLabel: `Unpublish ${posts(count)}`,
        destructive: true,
      };
    case "delete":
      return {
        title: `Delete ${posts(count)}?`,
        description: `${they} ${count === 1 ? "is" : "are"} deleted for good: ${count === 1 ? "its page disappears" : "their pages disappear"} from the public site at once. This action cannot be undone.`,
        confirmLabel: `Delete ${posts(count)}`,
        destructive: true,
      };
  }
}

const DONE: Record<BulkAction, string> = {
  publish: "published",
  unpublish: "unpublished",
  delete: "deleted",
};

/** How many left-as-they-were posts a toast names before it says "and {n} more". */
const NAMED_UNCHANGED = 3;

/**
 * The toast after a bulk action: how many changed and, when some were left as they were, which
 * and why ("Left as it was: "Old news": This post is already a draft.").
 */
export function bulkResultToast(
  action: BulkAction,
  result: Pick<BulkPostAnswer, "changed" | "unchanged">,
): { title: string; description?: string } {
  const changed = result.changed.length;
  const title = changed === 0 ? "No posts changed" : `${posts(changed)} ${DONE[action]}`;
  const { unchanged } = result;
  if (unchanged.length === 0) return { title };
  const named = unchanged
    .slice(0, NAMED_UNCHANGED)
    .map((post) => `"${post.title}": ${post.reason}`)
    .join(" ");
  const more = unchanged.length - NAMED_UNCHANGED;
  const rest = more > 0 ? ` And ${posts(more)} more.` : "";
  const lead = unchanged.length === 1 ? "Left as it was:" : "Left as they were:";
  return { title, description: `${lead} ${named}${rest}` };
}
