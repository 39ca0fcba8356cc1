import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "~/lib/api-client";
import type { EmployeeInput } from "../../../../common/schemas/employee";
import type { EmployeeWithInvitation } from "../../../../common/types/employee";
import { employeesQueryKey } from "./get-employees";

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
