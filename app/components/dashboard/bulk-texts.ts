import type { BulkPostAction as BulkAction } from "#common/constants.ts";
import type { BulkPostAnswer } from "#common/types/post-list.ts";

/**
 * What the bulk actions of a staff table of posts say (docs/product/dashboard.md#content-lists,
 * #marketplace-section): the one question before acting, naming how many and what the public will
 * see, and the toast after. Pure, so the words are tested on their own.
 */

/**
 * How a table names its rows ("post", "posts", "a post"), and where the public sees them: "its
 * page, the news list and the feeds" for one, "their pages, …" for several.
 */
export type BulkWords = {
  one: string;
  many: string;
  aOne: string;
  shownOn: (pages: "its page" | "their pages") => string;
};

/** The post tables' words. */
export const POST_BULK_WORDS: BulkWords = {
  one: "post",
  many: "posts",
  aOne: "a post",
  shownOn: (pages) => `${pages}, the news list and the feeds`,
};

/** "3 posts", "1 item". */
export function countOf(n: number, words: BulkWords): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? words.one : words.many}`;
}

/** The question asked before a bulk action, and the words of its button. */
export function bulkQuestion(
  action: BulkAction,
  count: number,
  words: BulkWords = POST_BULK_WORDS,
): { title: string; description: string; confirmLabel: string; destructive: boolean } {
  const n = countOf(count, words);
  const one = count === 1;
  const they = one ? "It" : "They";
  const them = one ? "it" : "them";
  const shownOn = words.shownOn(one ? "its page" : "their pages");
  switch (action) {
    case "publish":
      return {
        title: `Publish ${n}?`,
        description: `${they} ${one ? "goes" : "go"} public at once: ${shownOn} show ${them}. Drafts and scheduled ${words.many} only; ${words.aOne} that is not ready to publish is left as it is.`,
        confirmLabel: `Publish ${n}`,
        destructive: false,
      };
    case "unpublish":
      return {
        title: `Unpublish ${n}?`,
        description: `${they} leave the public site at once: ${shownOn} stop showing ${them} until ${one ? "it is" : "they are"} published again.`,
        confirmLabel: `Unpublish ${n}`,
        destructive: true,
      };
    case "delete":
      return {
        title: `Delete ${n}?`,
        description: `${they} ${one ? "is" : "are"} deleted for good: ${one ? "its page disappears" : "their pages disappear"} from the public site at once. This action cannot be undone.`,
        confirmLabel: `Delete ${n}`,
        destructive: true,
      };
  }
}

const DONE: Record<BulkAction, string> = {
  publish: "published",
  unpublish: "unpublished",
  delete: "deleted",
};

/** How many left-as-they-were rows a toast names before it says "and {n} more". */
const NAMED_UNCHANGED = 3;

/**
 * The toast after a bulk action: how many changed and, when some were left as they were, which
 * and why ("Left as it was: "Old news": This post is already a draft.").
 */
export function bulkResultToast(
  action: BulkAction,
  result: Pick<BulkPostAnswer, "changed" | "unchanged">,
  words: BulkWords = POST_BULK_WORDS,
): { title: string; description?: string } {
  const changed = result.changed.length;
  const title =
    changed === 0 ? `No ${words.many} changed` : `${countOf(changed, words)} ${DONE[action]}`;
  const { unchanged } = result;
  if (unchanged.length === 0) return { title };
  const named = unchanged
    .slice(0, NAMED_UNCHANGED)
    .map((post) => `"${post.title}": ${post.reason}`)
    .join(" ");
  const more = unchanged.length - NAMED_UNCHANGED;
  const rest = more > 0 ? ` And ${countOf(more, words)} more.` : "";
  const lead = unchanged.length === 1 ? "Left as it was:" : "Left as they were:";
  return { title, description: `${lead} ${named}${rest}` };
}
