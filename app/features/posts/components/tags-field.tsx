import * as React from "react";
import { useFormContext, useFormState } from "react-hook-form";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { type PostEditorValues, parseTags } from "#app/features/posts/post-form.ts";

/** Tags typed as one line, separated by commas; each is shown with "#" on the post page. */
export function TagsField() {
  const form = useFormContext<PostEditorValues>();
  const id = React.useId();
  const [text, setText] = React.useState(() => form.getValues("tags").join(", "));
  const { errors: formErrors } = useFormState({ control: form.control, name: "tags" });
  const errors = formErrors.tags;
  const message =
    errors?.message ??
    (Array.isArray(errors) ? errors.find((entry) => entry?.message)?.message : undefined);
  return (
    <div data-slot="form-field">
      <Label htmlFor={`${id}-input`}>Tags</Label>
      <Input
        id={`${id}-input`}
        autoComplete="off"
        value={text}
        placeholder="worlds, update"
        onChange={(event) => {
          setText(event.target.value);
          form.setValue("tags", parseTags(event.target.value), { shouldDirty: true });
        }}
        aria-describedby={`${id}-help${message ? ` ${id}-error` : ""}`}
        aria-invalid={message ? true : undefined}
      />
      <p id={`${id}-help`} className="mt-1.5 text-xs text-zinc-400">
        Separated by commas; each is shown with # on the post page.
      </p>
      {message ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-redstone-400">
          {message}
        </p>
      ) : null}
    </div>
  );
}
