import { isPostPath } from "#common/paths.ts";
import { isModified } from "./dom.ts";

/**
 * 'Loading post...' (docs/product/public-site.md#post-detail) on a page React does not hydrate:
 * following a link to a post, the browser keeps showing this page until the post arrives, so the
 * page's main area shows the post's loading outline meanwhile, copied from the template the site
 * layout renders (`template[data-post-loading]`). A page the browser brings back from its
 * back-forward cache gets its content back. (A hydrated page shows the same outline itself.)
 */
export function installPostLoading(doc: Document = document): void {
  const view = doc.defaultView ?? window;
  let replaced: { main: Element; content: Node[] } | null = null;

  doc.addEventListener("click", (event) => {
    if (event.defaultPrevented || isModified(event)) return;
    const link = (event.target as Element | null)?.closest?.("a[href]");
    if (!(link instanceof view.HTMLAnchorElement) || !leadsToAnotherPost(link, view.location)) {
      return;
    }
    const template = doc.querySelector<HTMLTemplateElement>("template[data-post-loading]");
    const main = doc.querySelector("main");
    if (!template || !main) return;
    replaced = { main, content: [...main.childNodes] };
    main.replaceChildren(template.content.cloneNode(true));
  });

  view.addEventListener("pageshow", (event) => {
    if (!event.persisted || !replaced) return;
    replaced.main.replaceChildren(...replaced.content);
    replaced = null;
  });
}

/** Whether following `link` in this tab loads a post other than the page shown. */
function leadsToAnotherPost(link: HTMLAnchorElement, here: Location): boolean {
  if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return false;
  const url = new URL(link.href, here.href);
  return url.origin === here.origin && isPostPath(url.pathname) && url.pathname !== here.pathname;
}
