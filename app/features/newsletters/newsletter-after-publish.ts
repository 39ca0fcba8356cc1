import { sectionPath } from "#app/components/dashboard/sections.ts";
import { errorMessage } from "#app/lib/api-client.ts";
import { postPath } from "#common/paths.ts";
import type { Post } from "#common/types/post.ts";
import { startNewsletter } from "./api/post-newsletter.ts";
import { subscriberCount } from "./newsletter-texts.ts";

/**
 * After "Publish and e-mail subscribers" published the post: start its sending, and go to the
 * Newsletters section to follow it. If the sending could not start, the post stays published
 * and the toast says why the e-mail was not sent.
 */
export async function startSendingAfterPublish(post: Post) {
  try {
    const sending = await startNewsletter(post.id);
    return {
      path: sectionPath("newsletters"),
      toast: {
        title: "Published and sending",
        description: `Published: the public page is ${postPath(post.slug)}. The newsletter is on its way to ${subscriberCount(sending.total)}.`,
      },
    };
  } catch (error) {
    return {
      path: sectionPath("posts"),
      toast: {
        title: "Published, but not e-mailed",
        description: `The post is published, but the newsletter was not sent: ${errorMessage(error, "please try again from the editor.")}`,
        variant: "destructive" as const,
      },
    };
  }
}
