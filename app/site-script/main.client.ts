import { installSiteBehaviours } from "./install.client.ts";
import { installPostLoading } from "./post-loading.client.ts";

// The script of a page React does not hydrate (docs/decisions/031-static-public-pages.md).
installSiteBehaviours(document);
// What React shows itself on the pages it runs: the loading outline while the next post loads.
installPostLoading(document);
// The page is ready for a person, as a hydrated page is once React has taken over.
document.documentElement.dataset.hydrated = "true";
