import { CenteredCardField } from "#app/components/site/centered-card.tsx";
import { PASSWORD_MIN_LENGTH, PASSWORD_RULE } from "#common/schemas/auth.ts";

/**
 * A new password and its repetition, as the invitation and password-reset forms ask for them:
 * `password` and `confirmPassword`, with the password rule under the first field. It lives beside
 * those two pages, not among the public site's shared parts: its rule comes with the schema
 * library, which the public pages' shared code must not bring along (vite.config.ts).
 */
export function NewPasswordFields({
  idPrefix,
  label,
  confirmLabel,
}: {
  /** Makes the ids `{idPrefix}-password`, `{idPrefix}-confirm` and `{idPrefix}-password-rule`. */
  idPrefix: string;
  label: string;
  confirmLabel: string;
}) {
  const ruleId = `${idPrefix}-password-rule`;
  return (
    <>
      <CenteredCardField
        id={`${idPrefix}-password`}
        label={label}
        type="password"
        name="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        aria-describedby={ruleId}
      >
        <p id={ruleId} className="mt-1.5 text-sm text-zinc-400">
          {PASSWORD_RULE}
        </p>
      </CenteredCardField>
      <CenteredCardField
        id={`${idPrefix}-confirm`}
        label={confirmLabel}
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        required
      />
    </>
  );
}
