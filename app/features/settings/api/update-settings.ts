import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#app/lib/api-client.ts";
import type { SiteSettings } from "#common/schemas/site-settings.ts";
import type { SiteSettingsState } from "#common/types/site-settings.ts";
import { settingsQueryKey } from "./get-settings.ts";

/** Saves every setting; `version` is the one the form started from (409 if someone saved since). */
export function updateSettings({ input, version }: { input: SiteSettings; version: number }) {
  return apiRequest<SiteSettingsState>("/api/settings", {
    method: "PUT",
    body: { ...input, version },
  });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    // The answer is the settings as saved: no need to ask again.
    onSuccess: (saved) => queryClient.setQueryData(settingsQueryKey, saved),
  });
}
