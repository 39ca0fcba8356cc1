import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "#app/lib/api-client.ts";
import type { Employee } from "#common/types/employee.ts";
import type { Paged } from "#common/types/post-list.ts";

/** Every employees query starts with it, so a change refreshes them all. */
export const employeesQueryKey = ["/api/employees"] as const;

/** One page of the employees: `query` is the list call's query string. */
export function getEmployeePage(query: string, signal?: AbortSignal): Promise<Paged<Employee>> {
  return apiGet<Paged<Employee>>(`/api/employees?${query}`, signal);
}

export function employeePageQueryOptions(query: string) {
  return queryOptions({
    queryKey: [...employeesQueryKey, "page", query],
    queryFn: ({ signal }) => getEmployeePage(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useEmployeePage(query: string) {
  return useQuery(employeePageQueryOptions(query));
}
