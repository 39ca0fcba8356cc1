import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "~/lib/api-client";
import type { AppInput } from "../../../../common/schemas/app";
import type { App } from "../../../../common/types/app";
import { appsQueryKey } from "./get-apps";

export function updateApp({ id, input }: { id: string; input: AppInput }): Promise<App> {
  return apiRequest<App>(`/api/apps/${encodeURIComponent(id)}`, { method: "PUT", body: input });
}

export function useUpdateApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appsQueryKey }),
  });
}
