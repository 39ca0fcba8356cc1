import { LinkIcon, PencilIcon, PlusIcon, Trash2Icon, UsersIcon } from "lucide-react";
import * as React from "react";
import { useRevalidator } from "react-router";
import { EmptyState } from "#app/components/dashboard/empty-state.tsx";
import { QueryList } from "#app/components/dashboard/query-list.tsx";
import { useConfirmDelete } from "#app/components/dashboard/use-confirm-delete.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { useCreateInvitation } from "#app/features/employees/api/create-invitation.ts";
import { useDeleteEmployee } from "#app/features/employees/api/delete-employee.ts";
import { useEmployees } from "#app/features/employees/api/get-employees.ts";
import { errorMessage, isApiError } from "#app/lib/api-client.ts";
import { formatShortDate } from "#common/format.ts";
import type { Employee, Invitation } from "#common/types/employee.ts";
import { EmployeeFormDialog } from "./employee-form-dialog.tsx";
import { InvitationDialog } from "./invitation-dialog.tsx";

type FormState = { open: false } | { open: true; employee: Employee | null };

/** Employee Management (docs/product.md#employees-section): admins and the owner only. */
export function EmployeesSection() {
  const employees = useEmployees();
  const [form, setForm] = React.useState<FormState>({ open: false });
  const [shownInvitation, setShownInvitation] = React.useState<{
    invitation: Invitation;
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

      <div className="mt-8">
        <QueryList
          query={employees}
          className="grid grid-cols-1 gap-4 md:grid-cols-2"
          loading="Loading employees..."
          errorFallback="Failed to load employees."
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
          itemKey={(employee) => employee.id}
          renderItem={(employee) => (
            <EmployeeCard
              employee={employee}
              onEdit={() => setForm({ open: true, employee })}
              onInvitation={(invitation) =>
                setShownInvitation({ invitation, name: employee.firstName })
              }
            />
          )}
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

function EmployeeCard({
  employee,
  onEdit,
  onInvitation,
}: {
  employee: Employee;
  onEdit: () => void;
  onInvitation: (invitation: Invitation) => void;
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

  return (
    <Card as="article" aria-label={name} layout="plain" className="flex h-full flex-col gap-4 p-5">
      <div className="flex items-start gap-4">
        <span
          aria-hidden="true"
          className="grid size-11 shrink-0 place-items-center rounded-md bg-grass-500/15 font-display text-lg font-bold text-grass-300"
        >
          {(employee.firstName[0] ?? "?").toUpperCase()}
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-lg font-bold text-white">{name}</h2>
          <p className="truncate text-sm text-zinc-400">{employee.email}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
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
      </div>
      <p className="text-xs text-zinc-400">{`Added ${formatShortDate(employee.createdAt)}`}</p>
      <div className="mt-auto flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${name}`}>
          <PencilIcon aria-hidden="true" />
          Edit
        </Button>
        {!employee.hasLogin && !employee.isOwner ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={onNewInvitation}
            disabled={invite.isPending}
            aria-label={`New invitation link for ${name}`}
          >
            <LinkIcon aria-hidden="true" />
            New invitation link
          </Button>
        ) : null}
        {employee.isOwner ? null : (
          <Button
            size="sm"
            variant="destructive"
            onClick={() => confirmAndDelete(employee)}
            disabled={isDeleting}
            aria-label={`Delete ${name}`}
          >
            <Trash2Icon aria-hidden="true" />
            Delete
          </Button>
        )}
      </div>
    </Card>
  );
}
