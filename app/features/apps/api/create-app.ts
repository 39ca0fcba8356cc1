import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#app/lib/api-client.ts";
import type { AppInput } from "#common/schemas/app.ts";
import type { App } from "#common/types/app.ts";
import { appsQueryKey } from "./get-apps.ts";

export function createApp(input: AppInput): Promise<App> {
  return apiRequest<App>("/api/apps", { method: "POST", body: input });
}

export function useCreateApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appsQueryKey }),
  });
}
