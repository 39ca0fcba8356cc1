import { test } from "./fixtures.ts";
import { addNewsSpecContent } from "./news-content.ts";
import { addPostSpecContent } from "./post-content.ts";

// Runs before the public pages' specs (playwright.config.ts): whatever they need published is
// published here, so that no public spec changes the content while the others compare pages
// with the API.

test("adds the posts the post page spec reads", async ({ db }) => {
  await addPostSpecContent(db);
});

test("adds the posts the news page spec reads", async ({ db }) => {
  await addNewsSpecContent(db);
});
