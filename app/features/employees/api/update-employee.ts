import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#app/lib/api-client.ts";
import type { EmployeeInput } from "#common/schemas/employee.ts";
import type { Employee } from "#common/types/employee.ts";
import { employeesQueryKey } from "./get-employees.ts";

export function updateEmployee({ id, input }: { id: string; input: EmployeeInput }) {
  return apiRequest<Employee>(`/api/employees/${encodeURIComponent(id)}`, {
    method: "PUT",
    body: input,
  });
}

export function useUpdateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeesQueryKey }),
  });
}
