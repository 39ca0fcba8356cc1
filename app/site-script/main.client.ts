import { installSiteBehaviours } from "./install.client.ts";

// The script of a page React does not hydrate (docs/decisions/031-static-public-pages.md).
installSiteBehaviours(document);
// The page is ready for a person, as a hydrated page is once React has taken over.
document.documentElement.dataset.hydrated = "true";
