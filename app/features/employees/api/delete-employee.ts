import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#app/lib/api-client.ts";
import { employeesQueryKey } from "./get-employees.ts";

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
