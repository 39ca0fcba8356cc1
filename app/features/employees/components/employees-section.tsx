import { LinkIcon, PencilIcon, PlusIcon, SearchXIcon, Trash2Icon, UsersIcon } from "lucide-react";
import * as React from "react";
import { useLocation, useRevalidator } from "react-router";
import { BreakableAddress } from "#app/components/dashboard/breakable-address.tsx";
import { EmptyState } from "#app/components/dashboard/empty-state.tsx";
import { ListSection } from "#app/components/dashboard/list-section.tsx";
import { ListSearch, ListSelect, ListToolbar } from "#app/components/dashboard/list-toolbar.tsx";
import { PagedTable, type PagedTableColumn } from "#app/components/dashboard/paged-table.tsx";
import { type RowAction, RowActions } from "#app/components/dashboard/row-actions.tsx";
import { useConfirmDelete } from "#app/components/dashboard/use-confirm-delete.ts";
import { type ListView, useListView } from "#app/components/dashboard/use-list-view.ts";
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

const ROLE_OPTIONS = [
  { value: "", label: "All roles" },
  { value: "admin", label: "Admin" },
  { value: "employee", label: "Employee" },
];

const SORT_OPTIONS = EMPLOYEE_SORTS.map((value) => ({
  value,
  label: STAFF_SORT_LABELS[value] ?? value,
}));

const COLUMNS: PagedTableColumn<Employee>[] = [
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
];

function compactRow(employee: Employee) {
  return (
    <div className="space-y-2">
      <EmployeeName employee={employee} />
      <EmployeeBadges employee={employee} />
      <p className="text-xs text-zinc-400">{`Added ${formatShortDate(employee.createdAt)}`}</p>
    </div>
  );
}

/** Employee Management (docs/product/dashboard.md#employees-section): admins and the owner only. */
export function EmployeesSection() {
  const view = useListView({ sorts: EMPLOYEE_SORTS, filters: { role: EMPLOYEE_ROLE_FILTERS } });
  const employees = useEmployeePage(view.apiQuery);
  const { search } = useLocation();
  const [form, setForm] = React.useState<FormState>({ open: false });
  const [shownInvitation, setShownInvitation] = React.useState<ShownInvitation | null>(null);
  const openAdd = () => setForm({ open: true, employee: null });
  const addButton = (label: string) => (
    <Button onClick={openAdd}>
      <PlusIcon aria-hidden="true" />
      {label}
    </Button>
  );

  return (
    <ListSection
      id="employees"
      title="Employees"
      description="The people who can sign in to this dashboard."
      actions={addButton("Add Employee")}
      toolbar={<EmployeesToolbar view={view} />}
    >
      <PagedTable
        query={employees}
        label="Employees"
        noun={["employee", "employees"]}
        search={search}
        narrowed={view.q.trim() !== "" || view.filters.role !== undefined}
        loading="Loading employees..."
        errorFallback="Failed to load employees."
        itemKey={(employee) => employee.id}
        columns={COLUMNS}
        compactRow={compactRow}
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
            action={addButton("Add First Employee")}
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
      <EmployeeDialogs
        form={form}
        onFormClosed={() => setForm({ open: false })}
        shownInvitation={shownInvitation}
        onInvitation={setShownInvitation}
      />
    </ListSection>
  );
}

type EmployeesView = ListView<(typeof EMPLOYEE_SORTS)[number], "role">;

function EmployeesToolbar({ view }: { view: EmployeesView }) {
  return (
    <ListToolbar
      label="Filter employees"
      search={
        <ListSearch
          value={view.q}
          onSearch={(q) => view.update({ q })}
          label="Search employees"
          placeholder="Search name, email or role..."
        />
      }
    >
      <ListSelect
        label="Role"
        value={view.filters.role ?? ""}
        options={ROLE_OPTIONS}
        onChange={(role) => view.update({ role })}
        className="sm:w-40"
      />
      <ListSelect
        label="Sort by"
        value={view.sort}
        options={SORT_OPTIONS}
        onChange={(sort) => view.update({ sort: sort as (typeof EMPLOYEE_SORTS)[number] })}
        className="sm:w-52"
      />
    </ListToolbar>
  );
}

type ShownInvitation = { invitation: SentInvitation; name: string };

/** The Add / Edit dialog, and the invitation link once there is one to show. */
function EmployeeDialogs({
  form,
  onFormClosed,
  shownInvitation,
  onInvitation,
}: {
  form: FormState;
  onFormClosed: () => void;
  shownInvitation: ShownInvitation | null;
  onInvitation: (shown: ShownInvitation | null) => void;
}) {
  const revalidator = useRevalidator();
  return (
    <>
      <EmployeeFormDialog
        open={form.open}
        employee={form.open ? form.employee : null}
        onOpenChange={(open) => {
          if (!open) onFormClosed();
        }}
        onAdded={(employee, invitation) => {
          // Adding the owner's own record ends initial setup: reload the signed-in user.
          if (employee.isOwner) revalidator.revalidate();
          if (invitation) onInvitation({ invitation, name: employee.firstName });
        }}
      />
      <InvitationDialog
        key={shownInvitation?.invitation.url ?? "none"}
        invitation={shownInvitation?.invitation ?? null}
        name={shownInvitation?.name ?? ""}
        onClose={() => onInvitation(null)}
      />
    </>
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
