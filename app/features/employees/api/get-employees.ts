import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "#app/lib/api-client.ts";
import type { Employee } from "#common/types/employee.ts";

export const employeesQueryKey = ["/api/employees"] as const;

export function getEmployees(signal?: AbortSignal): Promise<Employee[]> {
  return apiGet<Employee[]>("/api/employees", signal);
}

export function employeesQueryOptions() {
  return queryOptions({
    queryKey: employeesQueryKey,
    queryFn: ({ signal }) => getEmployees(signal),
  });
}

export function useEmployees() {
  return useQuery(employeesQueryOptions());
}
