import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "#app/lib/api-client.ts";
import type { EmployeeInput } from "#common/schemas/employee.ts";
import type { EmployeeWithInvitation } from "#common/types/employee.ts";
import { employeesQueryKey } from "./get-employees.ts";

export function createEmployee(input: EmployeeInput): Promise<EmployeeWithInvitation> {
  return apiRequest<EmployeeWithInvitation>("/api/employees", { method: "POST", body: input });
}

export function useCreateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeesQueryKey }),
  });
}
