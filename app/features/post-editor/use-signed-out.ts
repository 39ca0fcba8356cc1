import { useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { isApiError } from "#app/lib/api-client.ts";

/**
 * Calls `onSignedOut` as soon as any dashboard call answers 401: the query client then sends the
 * browser to sign in (app/lib/query-client.ts) half a second later, and the editor uses that
 * time to keep its work (docs/product/editor.md#editor). Whatever call it was (a save, an upload, a
 * video lookup), the editor hears of it here.
 */
export function useSignedOut(onSignedOut: () => void) {
  const queryClient = useQueryClient();
  const callback = React.useRef(onSignedOut);
  React.useEffect(() => {
    callback.current = onSignedOut;
  });
  React.useEffect(() => {
    const check = (event: { type: string; action?: { type: string; error?: unknown } }) => {
      if (event.type !== "updated" || event.action?.type !== "error") return;
      if (isApiError(event.action.error, 401)) callback.current();
    };
    const stopQueries = queryClient.getQueryCache().subscribe(check);
    const stopMutations = queryClient.getMutationCache().subscribe(check);
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
}
