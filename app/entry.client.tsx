import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { installSiteBehaviours } from "./site-script/install.client.ts";

// The public site's parts that work without React (the navigation's menus, Copy Link, image
// stand-ins) work the same way on the pages React hydrates: the dashboard shows them too.
installSiteBehaviours(document);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
