import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "#app/lib/api-client.ts";
import type { ChangePasswordInput } from "#common/schemas/auth.ts";

/**
 * Changes the signed-in account's password (better-auth's /change-password). The server ends
 * every other session and gives this browser a new session cookie.
 */
export function changePassword(input: ChangePasswordInput) {
  return apiRequest<unknown>("/api/auth/change-password", { method: "POST", body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
