import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "~/lib/api-client";
import { employeesQueryKey } from "./get-employees";

export function deleteEmployee(id: string): Promise<void> {
  return apiRequest<void>(`/api/employees/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useDeleteEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeesQueryKey }),
  });
}
