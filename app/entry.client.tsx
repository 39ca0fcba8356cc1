import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { installSiteBehaviours } from "./site-script/install.client.ts";

// The public site's parts run by the site script (the navigation's menus, Copy Link, image
// stand-ins, …) work the same way on the pages React hydrates: the dashboard shows some of them
// too (docs/decisions/031-static-public-pages.md).
installSiteBehaviours(document);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
