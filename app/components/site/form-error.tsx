import { CircleAlertIcon } from "lucide-react";
import type * as React from "react";

/** A form's error under its fields, announced as an alert. */
export function FormError({ id, children }: { id?: string; children: React.ReactNode }) {
  return (
    <p
      id={id}
      role="alert"
      className="flex items-start gap-2 rounded-md bg-redstone-500/10 p-3 text-sm text-redstone-400 ring-1 ring-redstone-500/40"
    >
      <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {children}
    </p>
  );
}
