import url from "virtual:site-script";

/**
 * The address of the site script, which pages React does not hydrate load instead of React's
 * (docs/decisions/031-static-public-pages.md): fingerprinted in a build, the source file in
 * development.
 */
export const siteScriptUrl: string = url;
