import { describe, expect, it } from "vitest";
import type { PostInput } from "#common/schemas/post.ts";
import { DEFAULT_SEO_FIELDS } from "#common/schemas/post-seo.ts";
import type { Post } from "#common/types/post.ts";
import {
  effectiveStatus,
  type HeldPost,
  heldForNewPost,
  heldFromPost,
  sameEditorValues,
} from "./held-post.ts";
import {
  ACTION_LABELS,
  actionsFor,
  keyboardSaveAction,
  requestFor,
  savedToast,
  statusSummary,
} from "./post-actions.ts";
import { emptyPostForm } from "./post-form.ts";

const values = { ...emptyPostForm("Asia/Tokyo"), title: "Dragons", slug: "dragons" };

const post: Post = {
  id: "p1",
  title: "Dragons",
  slug: "dragons",
  excerpt: null,
  content: "<p>Fire.</p>",
  status: "published",
  category: "news",
  packType: null,
  marketplaceUrl: null,
  youtubeUrl: null,
  featuredImage: null,
  featuredImageAlt: null,
  scheduledAt: null,
  timezone: null,
  releaseDate: null,
  publishedAt: "2027-01-01T00:00:00.000Z",
  createdAt: "2027-01-01T00:00:00.000Z",
  updatedAt: "2027-01-02T00:00:00.000Z",
  version: 3,
  tags: [],
  ...DEFAULT_SEO_FIELDS,
};

const scheduled: HeldPost = heldFromPost(
  { ...post, status: "scheduled", scheduledAt: "2099-03-14T00:00:00.000Z", timezone: "Asia/Tokyo" },
  values,
);

const input: PostInput = {
  title: "Dragons",
  slug: "dragons",
  slugFromTitle: false,
  content: "<p>Fire.</p>",
  excerpt: null,
  status: "scheduled",
  category: "news",
  packType: null,
  marketplaceUrl: null,
  youtubeUrl: null,
  featuredImage: null,
  featuredImageAlt: null,
  releaseDate: null,
  tags: [],
  scheduledAt: "2099-03-14T09:00",
  timezone: "Europe/Paris",
  ...DEFAULT_SEO_FIELDS,
};

describe("the actions offered", () => {
  it("for a new post or a draft: Save draft, Schedule, Publish", () => {
    for (const status of [null, "draft"] as const) {
      expect(actionsFor(status).map((action) => ACTION_LABELS[action])).toEqual([
        "Save draft",
        "Schedule",
        "Publish",
      ]);
    }
  });

  it("for a scheduled post: Unschedule, Reschedule, Publish now, Update", () => {
    expect(actionsFor("scheduled").map((action) => ACTION_LABELS[action])).toEqual([
      "Unschedule",
      "Reschedule",
      "Publish now",
      "Update",
    ]);
  });

  it("for a published post: Unpublish and Update", () => {
    expect(actionsFor("published").map((action) => ACTION_LABELS[action])).toEqual([
      "Unpublish",
      "Update",
    ]);
  });
});

describe("what each action sends", () => {
  const held = heldFromPost(post, values);

  it("takes the post back to draft without a time, keeping the time zone", () => {
    for (const action of ["save-draft", "unschedule", "unpublish"] as const) {
      expect(requestFor(action, input, held)).toMatchObject({
        status: "draft",
        scheduledAt: null,
        timezone: "Europe/Paris",
      });
    }
  });

  it("publishes without a time", () => {
    for (const action of ["publish", "publish-now"] as const) {
      expect(requestFor(action, input, scheduled)).toMatchObject({
        status: "published",
        scheduledAt: null,
      });
    }
  });

  it("schedules at the time and zone chosen in the dialog, with or without its newsletter", () => {
    const chosen = {
      scheduledAt: "2099-05-01T10:30",
      timezone: "America/Denver",
      newsletterOnPublish: true,
    };
    expect(requestFor("schedule", input, heldForNewPost(values), chosen)).toMatchObject({
      status: "scheduled",
      ...chosen,
    });
    const without = { ...chosen, newsletterOnPublish: false };
    expect(requestFor("reschedule", input, scheduled, without)).toMatchObject(without);
    expect(() => requestFor("schedule", input, held)).toThrow();
  });

  it("updates a published post as published, and a scheduled one at its stored instant", () => {
    expect(requestFor("update", input, held)).toMatchObject({
      status: "published",
      scheduledAt: null,
    });
    // The zone changed in the panel goes with it, but the time it goes live does not move.
    expect(requestFor("update", input, scheduled)).toMatchObject({
      status: "scheduled",
      scheduledAt: "2099-03-14T00:00:00.000Z",
      timezone: "Europe/Paris",
    });
  });

  it("keeps every field as validated", () => {
    expect(requestFor("update", input, held)).toMatchObject({ title: "Dragons", tags: [] });
  });
});

describe("what the panel says the server holds", () => {
  it("names the status, and for a published post that the page shows the last Update", () => {
    expect(statusSummary(heldForNewPost(values), "Europe/Berlin").label).toBe("Not saved yet");
    expect(
      statusSummary(heldFromPost({ ...post, status: "draft" }, values), "Europe/Berlin").label,
    ).toBe("Draft");
    const published = statusSummary(heldFromPost(post, values), "Europe/Berlin");
    expect(published.label).toBe("Published");
    expect(published.text).toContain("the public page shows the last Update");
    const summary = statusSummary(scheduled, "Europe/Berlin");
    expect(summary.label).toBe("Scheduled");
    expect(summary.text).toContain("14 Mar 2099, 01:00 (09:00 in Tokyo).");
    const mailed = statusSummary({ ...scheduled, newsletterOnPublish: true }, "Europe/Berlin");
    expect(mailed.text).toContain(
      "14 Mar 2099, 01:00 (09:00 in Tokyo), and is e-mailed to subscribers then.",
    );
  });

  it("counts a scheduled post whose time has come as published", () => {
    const now = new Date("2027-06-01T00:00:00Z");
    expect(effectiveStatus("scheduled", "2027-05-31T23:59:00.000Z", now)).toBe("published");
    expect(effectiveStatus("scheduled", "2027-06-01T00:01:00.000Z", now)).toBe("scheduled");
    expect(effectiveStatus("draft", null, now)).toBe("draft");
    expect(effectiveStatus("anything else", null, now)).toBe("draft");
  });
});

describe("the toast after a save", () => {
  it("links to the public page after Publish and Update", () => {
    expect(
      savedToast("publish", post, { created: true, stayed: false, viewerZone: "Europe/Berlin" }),
    ).toEqual({
      title: "Content created successfully!",
      description: "Published: the public page is /blog/dragons.",
      action: { label: "View post", href: "/blog/dragons" },
    });
    expect(
      savedToast("update", post, { created: false, stayed: false, viewerZone: "Europe/Berlin" }),
    ).toMatchObject({
      title: "Content updated successfully!",
      description: "The public page /blog/dragons shows this version.",
      action: { label: "View post", href: "/blog/dragons" },
    });
  });

  it("has no link while the post is not public", () => {
    const draft = { ...post, status: "draft", publishedAt: null };
    expect(
      savedToast("unpublish", draft, {
        created: false,
        stayed: false,
        viewerZone: "Europe/Berlin",
      }),
    ).toEqual({
      title: "Content updated successfully!",
      description: "Back to draft: /blog/dragons is no longer public.",
    });
    expect(
      savedToast("save-draft", draft, { created: true, stayed: true, viewerZone: "Europe/Berlin" }),
    ).toEqual({
      title: "Content created successfully!",
      description: "Saved as a draft: it is not on the public site.",
    });
    // A later Save draft in the same editor saves; it creates nothing.
    expect(
      savedToast("save-draft", draft, {
        created: false,
        stayed: true,
        viewerZone: "Europe/Berlin",
      }),
    ).toEqual({
      title: "Content saved successfully!",
      description: "Saved as a draft: it is not on the public site.",
    });
    const later = {
      ...post,
      status: "scheduled",
      scheduledAt: "2099-03-14T00:00:00.000Z",
      timezone: "Asia/Tokyo",
    };
    expect(
      savedToast("schedule", later, { created: true, stayed: false, viewerZone: "Europe/Berlin" }),
    ).toEqual({
      title: "Content created successfully!",
      description: "Scheduled: it goes live on 14 Mar 2099, 01:00 (09:00 in Tokyo).",
    });
    const mailed = { ...later, newsletterOnPublish: true };
    expect(
      savedToast("update", mailed, { created: false, stayed: false, viewerZone: "Asia/Tokyo" }),
    ).toEqual({
      title: "Content updated successfully!",
      description:
        "Saved: this version goes live on 14 Mar 2099, 09:00 and is e-mailed to subscribers.",
    });
  });
});

describe("Ctrl/Cmd+S", () => {
  it("saves a draft as a draft and a post scheduled for later into what goes live; a public post waits for Update", () => {
    expect(keyboardSaveAction(null)).toBe("save-draft");
    expect(keyboardSaveAction("draft")).toBe("save-draft");
    expect(keyboardSaveAction("scheduled")).toBe("update");
    expect(keyboardSaveAction("published")).toBeNull();
  });
});

describe("sameEditorValues", () => {
  it("compares every field and the tags one by one, but not the status", () => {
    expect(sameEditorValues(values, { ...values, status: "published" })).toBe(true);
    expect(sameEditorValues(values, { ...values, title: "Other" })).toBe(false);
    expect(sameEditorValues({ ...values, tags: ["a"] }, { ...values, tags: ["a"] })).toBe(true);
    expect(sameEditorValues({ ...values, tags: ["a"] }, { ...values, tags: ["a", "b"] })).toBe(
      false,
    );
    expect(sameEditorValues(values, { ...values, timezone: "UTC" })).toBe(false);
  });
});
