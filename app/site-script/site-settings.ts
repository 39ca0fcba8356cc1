// What the site script and the server-rendered parts it works with agree on. Kept apart from
// both: the script must not pull the site's React parts into the browser with it, and the
// server build empties `.client` modules, so the parts cannot read these from the script.

/** The text the Copy Link button confirms with (docs/product/public-site.md#post-detail). */
export const LINK_COPIED_MESSAGE = "Link copied to clipboard!";

/**
 * How long the Apps & Tools menu stays open after the pointer leaves it
 * (docs/product/public-site.md#navigation).
 */
export const APPS_MENU_CLOSE_DELAY_MS = 300;
/** How many apps the Apps & Tools menu lists. */
export const APPS_MENU_LIMIT = 6;
