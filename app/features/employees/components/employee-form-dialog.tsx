import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { applyServerErrors, Form, FormField, useZodForm } from "#app/components/ui/form.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { useCreateEmployee } from "#app/features/employees/api/create-employee.ts";
import { useUpdateEmployee } from "#app/features/employees/api/update-employee.ts";
import { errorMessage, isApiError } from "#app/lib/api-client.ts";
import { type EmployeeInput, EmployeeInputSchema } from "#common/schemas/employee.ts";
import type { Employee, SentInvitation } from "#common/types/employee.ts";

/**
 * Add Employee, which doubles as Edit Employee when given an employee
 * (docs/product/dashboard.md#employees-section).
 * Validation messages come from the shared schema; the server's field errors land on the fields.
 */
export function EmployeeFormDialog({
  open,
  onOpenChange,
  employee,
  onAdded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The employee to edit; absent to add one. */
  employee: Employee | null;
  /** After adding: the new employee and their invitation link (null when they can sign in already). */
  onAdded: (employee: Employee, invitation: SentInvitation | null) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent aria-describedby="employee-form-description">
        {/* Mounted only while open, so each opening starts from the employee's current values. */}
        {open ? (
          <EmployeeForm employee={employee} onDone={() => onOpenChange(false)} onAdded={onAdded} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function EmployeeForm({
  employee,
  onDone,
  onAdded,
}: {
  employee: Employee | null;
  onDone: () => void;
  onAdded: (employee: Employee, invitation: SentInvitation | null) => void;
}) {
  const toast = useToast();
  const create = useCreateEmployee();
  const update = useUpdateEmployee();
  const form = useZodForm(EmployeeInputSchema, {
    defaultValues: {
      email: employee?.email ?? "",
      firstName: employee?.firstName ?? "",
      lastName: employee?.lastName ?? "",
      role: employee?.role ?? "employee",
      isActive: employee?.isActive ?? true,
    },
  });
  const saving = create.isPending || update.isPending;

  async function onSubmit(input: EmployeeInput) {
    try {
      if (employee) {
        await update.mutateAsync({ id: employee.id, input });
        toast({ title: "Employee updated successfully!" });
        onDone();
      } else {
        const added = await create.mutateAsync(input);
        toast({ title: "Employee added successfully!" });
        onDone();
        onAdded(added, added.invitation);
      }
    } catch (error) {
      if (isApiError(error, 401)) return;
      if (isApiError(error, 400)) applyServerErrors(form, error.errors);
      toast({
        title: "Error",
        description: errorMessage(
          error,
          employee ? "Failed to update employee" : "Failed to add employee",
        ),
        variant: "destructive",
      });
    }
  }

  return (
    <>
      <DialogTitle>{employee ? "Edit Employee" : "Add Employee"}</DialogTitle>
      <DialogDescription id="employee-form-description">
        {employee
          ? "Change this person's details, role or access."
          : "Add a person who may sign in to the dashboard. We e-mail them an invitation link, and you get the link too."}
      </DialogDescription>
      <Form form={form} onSubmit={onSubmit}>
        <EmployeeFields isOwner={employee?.isOwner ?? false} />
        <div className="flex justify-end gap-2 pt-2">
          <Button type="button" variant="secondary" onClick={onDone} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : employee ? "Save Changes" : "Add Employee"}
          </Button>
        </div>
      </Form>
    </>
  );
}

/** The form's fields; on the owner's own record, what the server configuration fixes is locked. */
function EmployeeFields({ isOwner }: { isOwner: boolean }) {
  return (
    <>
      <FormField
        name="email"
        label="Email"
        description={isOwner ? "The owner's address is set in the server configuration." : null}
        render={(field, control) => (
          <Input
            {...field}
            {...control}
            type="email"
            autoComplete="off"
            readOnly={isOwner}
            value={field.value ?? ""}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          name="firstName"
          label="First name"
          render={(field, control) => (
            <Input {...field} {...control} autoComplete="off" value={field.value ?? ""} />
          )}
        />
        <FormField
          name="lastName"
          label="Last name"
          render={(field, control) => (
            <Input {...field} {...control} autoComplete="off" value={field.value ?? ""} />
          )}
        />
      </div>
      <FormField
        name="role"
        label="Role"
        description={
          isOwner
            ? "The owner is always an admin."
            : "Admins can also manage employees; employees manage content."
        }
        render={(field, control) => (
          <NativeSelect
            {...field}
            {...control}
            disabled={isOwner}
            value={field.value ?? "employee"}
          >
            <option value="employee">Employee</option>
            <option value="admin">Admin</option>
          </NativeSelect>
        )}
      />
      <FormField
        name="isActive"
        label="Active"
        description={
          isOwner
            ? "The owner always has access."
            : "When active, this employee can access the dashboard."
        }
        render={(field, control) => (
          <Switch
            id={control.id}
            aria-describedby={control["aria-describedby"]}
            aria-invalid={control["aria-invalid"]}
            name={field.name}
            ref={field.ref}
            checked={field.value ?? true}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            disabled={isOwner}
          />
        )}
      />
    </>
  );
}
