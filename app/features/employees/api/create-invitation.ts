import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "#app/lib/api-client.ts";
import type { SentInvitation } from "#common/types/employee.ts";

/** A fresh invitation link for an employee who has not chosen a password yet. */
export function createInvitation(employeeId: string): Promise<SentInvitation> {
  return apiRequest<SentInvitation>(`/api/employees/${encodeURIComponent(employeeId)}/invitation`, {
    method: "POST",
  });
}

export function useCreateInvitation() {
  return useMutation({ mutationFn: createInvitation });
}
