import { describe, expect, it } from "vitest";
import { bulkQuestion, bulkResultToast } from "./bulk-texts.ts";

describe("bulkQuestion", () => {
  it("names how many posts and what the public will see", () => {
    expect(bulkQuestion("unpublish", 3)).toEqual({
      title: "Unpublish 3 posts?",
      description:
        "They leave the public site at once: their pages, the news list and the feeds stop showing them until they are published again.",
      confirmLabel: "Unpublish 3 posts",
      destructive: true,
    });
    expect(bulkQuestion("publish", 1)).toMatchObject({
      title: "Publish 1 post?",
      description:
        "It goes public at once: its page, the news list and the feeds show it. Drafts and scheduled posts only; a post that is not ready to publish is left as it is.",
      destructive: false,
    });
    expect(bulkQuestion("delete", 2)).toMatchObject({
      title: "Delete 2 posts?",
      description:
        "They are deleted for good: their pages disappear from the public site at once. This action cannot be undone.",
      confirmLabel: "Delete 2 posts",
      destructive: true,
    });
  });
});

describe("bulkResultToast", () => {
  it("says how many changed", () => {
    expect(bulkResultToast("delete", { changed: ["a", "b"], unchanged: [] })).toEqual({
      title: "2 posts deleted",
    });
  });

  it("names what was left as it was, and why, up to three, then how many more", () => {
    const unchanged = ["A", "B", "C", "D", "E"].map((title) => ({
      id: title,
      title,
      reason: "This post is already a draft.",
    }));
    expect(bulkResultToast("unpublish", { changed: ["x"], unchanged })).toEqual({
      title: "1 post unpublished",
      description:
        'Left as they were: "A": This post is already a draft. "B": This post is already a draft. "C": This post is already a draft. And 2 posts more.',
    });
    expect(
      bulkResultToast("publish", {
        changed: [],
        unchanged: [{ id: "a", title: "Gone", reason: "This post no longer exists." }],
      }),
    ).toEqual({
      title: "No posts changed",
      description: 'Left as it was: "Gone": This post no longer exists.',
    });
  });
});

describe("another table's words", () => {
  const words = {
    one: "item",
    many: "items",
    aOne: "an item",
    shownOn: (pages: string) => `${pages} and the Studio page`,
  };

  it("names the table's rows and where the public sees them", () => {
    expect(bulkQuestion("publish", 2, words)).toEqual({
      title: "Publish 2 items?",
      description:
        "They go public at once: their pages and the Studio page show them. Drafts and scheduled items only; an item that is not ready to publish is left as it is.",
      confirmLabel: "Publish 2 items",
      destructive: false,
    });
    expect(bulkResultToast("delete", { changed: [], unchanged: [] }, words)).toEqual({
      title: "No items changed",
    });
  });
});
