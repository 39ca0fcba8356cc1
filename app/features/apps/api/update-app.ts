import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#app/lib/api-client.ts";
import type { AppInput } from "#common/schemas/app.ts";
import type { App } from "#common/types/app.ts";
import { appsQueryKey } from "./get-apps.ts";

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
