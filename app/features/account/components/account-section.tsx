import * as React from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Form, FormField, useZodForm } from "#app/components/ui/form.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { useChangePassword } from "#app/features/account/api/change-password.ts";
import { errorMessage, isApiError } from "#app/lib/api-client.ts";
import {
  CHANGE_PASSWORD_MESSAGES,
  ChangePasswordFormSchema,
  type ChangePasswordFormValues,
  PASSWORD_RULE,
} from "#common/schemas/auth.ts";
import type { CurrentUser } from "#common/types/user.ts";

const ROLE_LABELS = { admin: "Admin", employee: "Employee" } as const;

/**
 * My account (docs/product/mail.md#my-account), for every signed-in staff member: who they are, and
 * a new password (the current one required; every other session is signed out).
 */
export function AccountSection({ user }: { user: CurrentUser }) {
  return (
    <section aria-labelledby="account-title">
      <header className="mb-8">
        <h1 id="account-title" className="text-3xl font-bold text-white">
          My account
        </h1>
        <p className="mt-1 text-zinc-400">Your details, and your password.</p>
      </header>
      <div className="max-w-xl space-y-6">
        <Card as="section" layout="plain" className="p-5 sm:p-6" aria-labelledby="account-details">
          <h2 id="account-details" className="text-lg font-semibold text-white">
            Details
          </h2>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-zinc-400">Name</dt>
            <dd className="text-white">{user.firstName ?? "—"}</dd>
            <dt className="text-zinc-400">Email</dt>
            <dd className="break-all text-white">{user.email}</dd>
            <dt className="text-zinc-400">Role</dt>
            <dd className="text-white">{user.role ? ROLE_LABELS[user.role] : "No access"}</dd>
          </dl>
          <p className="mt-4 text-sm text-zinc-400">
            An admin changes your name, e-mail and role in Employees.
          </p>
        </Card>
        <ChangePasswordCard email={user.email} />
      </div>
    </section>
  );
}

const EMPTY: ChangePasswordFormValues = {
  currentPassword: "",
  newPassword: "",
  confirmPassword: "",
};

function ChangePasswordCard({ email }: { email: string }) {
  const change = useChangePassword();
  const form = useZodForm(ChangePasswordFormSchema, { defaultValues: EMPTY });
  const [outcome, setOutcome] = React.useState<{ ok: boolean; text: string } | null>(null);

  async function onSubmit(values: { currentPassword: string; newPassword: string }) {
    setOutcome(null);
    try {
      await change.mutateAsync({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      form.reset(EMPTY);
      setOutcome({ ok: true, text: CHANGE_PASSWORD_MESSAGES.changed });
    } catch (error) {
      if (isApiError(error, 401)) return;
      const text = errorMessage(error, "The password could not be changed. Please try again.");
      if (text === CHANGE_PASSWORD_MESSAGES.wrongCurrent) {
        form.setError("currentPassword", { type: "server", message: text });
      } else if (text === PASSWORD_RULE) {
        form.setError("newPassword", { type: "server", message: text });
      } else {
        setOutcome({ ok: false, text });
      }
    }
  }

  return (
    <Card as="section" layout="plain" className="p-5 sm:p-6" aria-labelledby="account-password">
      <h2 id="account-password" className="text-lg font-semibold text-white">
        Change password
      </h2>
      <p className="mt-1 text-sm text-zinc-400">
        Changing it signs you out on every other device and browser.
      </p>
      <Form form={form} onSubmit={onSubmit} className="mt-4" aria-label="Change password">
        <input type="hidden" name="username" value={email} autoComplete="username" readOnly />
        <FormField
          name="currentPassword"
          label="Current password"
          render={(field, control) => (
            <Input {...field} {...control} type="password" autoComplete="current-password" />
          )}
        />
        <FormField
          name="newPassword"
          label="New password"
          description={PASSWORD_RULE}
          render={(field, control) => (
            <Input {...field} {...control} type="password" autoComplete="new-password" />
          )}
        />
        <FormField
          name="confirmPassword"
          label="Confirm new password"
          render={(field, control) => (
            <Input {...field} {...control} type="password" autoComplete="new-password" />
          )}
        />
        {outcome ? (
          <p
            role={outcome.ok ? "status" : "alert"}
            className={outcome.ok ? "text-sm text-grass-300" : "text-sm text-redstone-400"}
          >
            {outcome.text}
          </p>
        ) : null}
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? "Changing..." : "Change password"}
        </Button>
      </Form>
    </Card>
  );
}
