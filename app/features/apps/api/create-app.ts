import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "~/lib/api-client";
import type { AppInput } from "../../../../common/schemas/app";
import type { App } from "../../../../common/types/app";
import { appsQueryKey } from "./get-apps";

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
