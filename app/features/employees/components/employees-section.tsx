import { LinkIcon, PencilIcon, PlusIcon, SearchXIcon, Trash2Icon, UsersIcon } from "lucide-react";
import * as React from "react";
import { useLocation, useRevalidator } from "react-router";
import { BreakableAddress } from "#app/components/dashboard/breakable-address.tsx";
import { EmptyState } from "#app/components/dashboard/empty-state.tsx";
import { ListSearch, ListSelect } from "#app/components/dashboard/list-toolbar.tsx";
import { PagedTable } from "#app/components/dashboard/paged-table.tsx";
import { type RowAction, RowActions } from "#app/components/dashboard/row-actions.tsx";
import { useConfirmDelete } from "#app/components/dashboard/use-confirm-delete.ts";
import { useListView } from "#app/components/dashboard/use-list-view.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { useCreateInvitation } from "#app/features/employees/api/create-invitation.ts";
import { useDeleteEmployee } from "#app/features/employees/api/delete-employee.ts";
import { useEmployeePage } from "#app/features/employees/api/get-employees.ts";
import { errorMessage, isApiError } from "#app/lib/api-client.ts";
import { formatShortDate } from "#common/format.ts";
import { EMPLOYEE_ROLE_FILTERS, EMPLOYEE_SORTS, STAFF_SORT_LABELS } from "#common/staff-lists.ts";
import type { Employee, SentInvitation } from "#common/types/employee.ts";
import { EmployeeFormDialog } from "./employee-form-dialog.tsx";
import { InvitationDialog } from "./invitation-dialog.tsx";

type FormState = { open: false } | { open: true; employee: Employee | null };

/** Employee Management (docs/product.md#employees-section): admins and the owner only. */
export function EmployeesSection() {
  const view = useListView({ sorts: EMPLOYEE_SORTS, filters: { role: EMPLOYEE_ROLE_FILTERS } });
  const employees = useEmployeePage(view.apiQuery);
  const { search } = useLocation();
  const [form, setForm] = React.useState<FormState>({ open: false });
  const [shownInvitation, setShownInvitation] = React.useState<{
    invitation: SentInvitation;
    name: string;
  } | null>(null);
  const revalidator = useRevalidator();

  const openAdd = () => setForm({ open: true, employee: null });

  return (
    <section aria-labelledby="employees-title">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 id="employees-title" className="text-3xl font-bold text-white">
            Employees
          </h1>
          <p className="mt-1 text-zinc-400">The people who can sign in to this dashboard.</p>
        </div>
        <Button onClick={openAdd}>
          <PlusIcon aria-hidden="true" />
          Add Employee
        </Button>
      </header>

      <div className="mt-6 grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
        <div className="col-span-2 flex min-w-0 sm:flex-1">
          <ListSearch
            value={view.q}
            onSearch={(q) => view.update({ q })}
            label="Search employees"
            placeholder="Search name, email or role..."
          />
        </div>
        <ListSelect
          label="Role"
          value={view.filters.role ?? ""}
          options={[
            { value: "", label: "All roles" },
            { value: "admin", label: "Admin" },
            { value: "employee", label: "Employee" },
          ]}
          onChange={(role) => view.update({ role })}
          className="sm:w-40"
        />
        <ListSelect
          label="Sort by"
          value={view.sort}
          options={EMPLOYEE_SORTS.map((value) => ({
            value,
            label: STAFF_SORT_LABELS[value] ?? value,
          }))}
          onChange={(sort) => view.update({ sort: sort as (typeof EMPLOYEE_SORTS)[number] })}
          className="sm:w-52"
        />
      </div>

      <div className="mt-4">
        <PagedTable
          query={employees}
          label="Employees"
          noun={["employee", "employees"]}
          search={search}
          narrowed={view.q.trim() !== "" || view.filters.role !== undefined}
          loadingText="Loading employees..."
          errorFallback="Failed to load employees."
          itemKey={(employee) => employee.id}
          columns={[
            { header: "Name", cell: (employee) => <EmployeeName employee={employee} /> },
            {
              header: "Role",
              className: "whitespace-nowrap",
              cell: (employee) => <EmployeeBadges employee={employee} />,
            },
            {
              header: "Added",
              className: "w-32 whitespace-nowrap text-zinc-300",
              cell: (employee) => (
                <time dateTime={employee.createdAt}>{formatShortDate(employee.createdAt)}</time>
              ),
            },
          ]}
          compactRow={(employee) => (
            <div className="space-y-2">
              <EmployeeName employee={employee} />
              <EmployeeBadges employee={employee} />
              <p className="text-xs text-zinc-400">{`Added ${formatShortDate(employee.createdAt)}`}</p>
            </div>
          )}
          actions={(employee) => (
            <EmployeeActions
              employee={employee}
              onEdit={() => setForm({ open: true, employee })}
              onInvitation={(invitation) =>
                setShownInvitation({ invitation, name: employee.firstName })
              }
            />
          )}
          empty={
            <EmptyState
              icon={UsersIcon}
              title="No employees added yet"
              action={
                <Button onClick={openAdd}>
                  <PlusIcon aria-hidden="true" />
                  Add First Employee
                </Button>
              }
            />
          }
          noMatches={
            <EmptyState
              icon={SearchXIcon}
              title="No matching employees"
              description="No employee matches this search and role."
              action={
                <Button variant="outline" onClick={() => view.update({ q: "", role: "" })}>
                  Show all employees
                </Button>
              }
            />
          }
        />
      </div>

      <EmployeeFormDialog
        open={form.open}
        employee={form.open ? form.employee : null}
        onOpenChange={(open) => {
          if (!open) setForm({ open: false });
        }}
        onAdded={(employee, invitation) => {
          // Adding the owner's own record ends initial setup: reload the signed-in user.
          if (employee.isOwner) revalidator.revalidate();
          if (invitation) setShownInvitation({ invitation, name: employee.firstName });
        }}
      />
      <InvitationDialog
        key={shownInvitation?.invitation.url ?? "none"}
        invitation={shownInvitation?.invitation ?? null}
        name={shownInvitation?.name ?? ""}
        onClose={() => setShownInvitation(null)}
      />
    </section>
  );
}

function EmployeeName({ employee }: { employee: Employee }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span
        aria-hidden="true"
        className="grid size-9 shrink-0 place-items-center rounded-md bg-grass-500/15 font-display font-bold text-grass-300"
      >
        {(employee.firstName[0] ?? "?").toUpperCase()}
      </span>
      <div className="min-w-0">
        <p className="font-semibold break-words text-white">{`${employee.firstName} ${employee.lastName}`}</p>
        <p className="text-sm text-zinc-400">
          <BreakableAddress address={employee.email} />
        </p>
      </div>
    </div>
  );
}

function EmployeeBadges({ employee }: { employee: Employee }) {
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      <Badge variant={employee.role === "admin" ? "blue" : "neutral"}>
        {employee.role === "admin" ? "Admin" : "Employee"}
      </Badge>
      <Badge variant={employee.isActive ? "green" : "red"}>
        {employee.isActive ? "Active" : "Inactive"}
      </Badge>
      {employee.isOwner ? <Badge variant="yellow">Owner</Badge> : null}
      {!employee.hasLogin && !employee.isOwner ? (
        <Badge variant="yellow">Invitation pending</Badge>
      ) : null}
    </span>
  );
}

function EmployeeActions({
  employee,
  onEdit,
  onInvitation,
}: {
  employee: Employee;
  onEdit: () => void;
  onInvitation: (invitation: SentInvitation) => void;
}) {
  const toast = useToast();
  const invite = useCreateInvitation();
  const name = `${employee.firstName} ${employee.lastName}`;
  const { confirmAndDelete, isDeleting } = useConfirmDelete<Employee>({
    mutation: useDeleteEmployee(),
    question: () => ({
      title: `Delete ${name}?`,
      description: "Are you sure you want to delete this employee?",
    }),
    deleted: () => ({ title: "Employee deleted successfully!" }),
    failed: (error) => errorMessage(error, "Failed to delete employee"),
  });

  async function onNewInvitation() {
    try {
      onInvitation(await invite.mutateAsync(employee.id));
    } catch (error) {
      if (isApiError(error, 401)) return;
      toast({
        title: "Error",
        description: errorMessage(error, "Failed to create an invitation link"),
        variant: "destructive",
      });
    }
  }

  const actions: RowAction[] = [{ label: "Edit", icon: PencilIcon, onSelect: onEdit }];
  if (!employee.hasLogin && !employee.isOwner) {
    actions.push({
      label: "New invitation link",
      icon: LinkIcon,
      disabled: invite.isPending,
      onSelect: () => void onNewInvitation(),
    });
  }
  if (!employee.isOwner) {
    actions.push({
      label: "Delete",
      icon: Trash2Icon,
      destructive: true,
      disabled: isDeleting,
      onSelect: () => void confirmAndDelete(employee),
    });
  }
  return <RowActions name={name} actions={actions} />;
}
