import { installCopyLink } from "./copy-link.client.ts";
import { installImageFallbacks } from "./image-fallback.client.ts";
import { installLiteYouTube } from "./lite-youtube.client.ts";
import { installLiveLists } from "./live-list.client.ts";
import { installNewsletterForms } from "./newsletter-form.client.ts";
import { installSiteNav } from "./site-nav.client.ts";
import { installVideoDialogs } from "./video-dialog.client.ts";

/**
 * What the public site's parts do in the browser, without React (docs/decisions/031-static-
 * public-pages.md): every behaviour listens on the document, so it works on a page React does
 * not hydrate and on one it does, whoever rendered the parts.
 */
export function installSiteBehaviours(doc: Document = document): void {
  installSiteNav(doc);
  installCopyLink(doc);
  installImageFallbacks(doc);
  installLiveLists(doc);
  installVideoDialogs(doc);
  installLiteYouTube(doc);
  installNewsletterForms(doc);
}
