import { zodResolver } from "@hookform/resolvers/zod";
import * as React from "react";
import {
  Controller,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
  FormProvider,
  type UseFormProps,
  type UseFormReturn,
  useForm,
  useFormContext,
} from "react-hook-form";
import { cn } from "#app/lib/cn.ts";
import type { z } from "#common/zod.ts";
import { Label } from "./label.tsx";

/**
 * react-hook-form with a shared zod schema as its resolver: the same schema the server parses
 * with, so the form shows exactly the server's messages (docs/product.md#validation).
 */
export function useZodForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, "resolver"> = {},
): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({ ...options, resolver: zodResolver(schema) });
}

/** Puts a server's field errors (`errors` of a 400) back onto the form's fields. */
export function applyServerErrors<T extends FieldValues>(
  form: UseFormReturn<T, unknown, FieldValues>,
  errors: Record<string, string>,
): boolean {
  let applied = false;
  const known = Object.keys(form.getValues());
  for (const [field, message] of Object.entries(errors)) {
    if (!known.includes(field)) continue;
    form.setError(field as FieldPath<T>, { type: "server", message });
    applied = true;
  }
  return applied;
}

export function Form<TIn extends FieldValues, TOut extends FieldValues>({
  form,
  onSubmit,
  className,
  children,
  ...props
}: Omit<React.ComponentProps<"form">, "onSubmit"> & {
  form: UseFormReturn<TIn, unknown, TOut>;
  onSubmit: (values: TOut) => unknown;
}) {
  return (
    <FormProvider {...form}>
      <form
        noValidate
        className={cn("space-y-4", className)}
        onSubmit={form.handleSubmit(onSubmit)}
        {...props}
      >
        {children}
      </form>
    </FormProvider>
  );
}

/** The id, invalid flag and description link a field's control needs. */
export type ControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/**
 * One labelled field: the label, the control from `render`, an optional description, and the
 * field's error message, all linked for assistive technology.
 */
export function FormField<T extends FieldValues, N extends FieldPath<T>>({
  name,
  label,
  description,
  className,
  render,
}: {
  name: N;
  label: React.ReactNode;
  description?: React.ReactNode;
  className?: string;
  render: (field: ControllerRenderProps<T, N>, control: ControlProps) => React.ReactNode;
}) {
  const { control } = useFormContext<T>();
  const id = React.useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const descriptionId = description ? `${id}-description` : undefined;
        const errorId = fieldState.error ? `${id}-error` : undefined;
        const describedBy = [descriptionId, errorId].filter(Boolean).join(" ") || undefined;
        return (
          <div data-slot="form-field" className={className}>
            <Label htmlFor={id}>{label}</Label>
            {render(field, {
              id,
              "aria-invalid": fieldState.error ? true : undefined,
              "aria-describedby": describedBy,
            })}
            {description ? (
              <p id={descriptionId} className="mt-1.5 text-xs text-zinc-400">
                {description}
              </p>
            ) : null}
            {fieldState.error?.message ? (
              <p id={errorId} className="mt-1.5 text-sm text-redstone-400">
                {fieldState.error.message}
              </p>
            ) : null}
          </div>
        );
      }}
    />
  );
}
