import { type LucideIcon, SearchIcon } from "lucide-react";
import type * as React from "react";
import { Input } from "#app/components/ui/input.tsx";
import { cn } from "#app/lib/cn.ts";

/**
 * A text field with an icon at its start and a label only screen readers read (a search box,
 * the newsletter's address). `children` go inside the field's frame, after the input (a clear
 * button); `className` styles the input, `wrapperClassName` the frame.
 */
export function IconField({
  id,
  label,
  icon: Icon,
  wrapperClassName,
  className,
  children,
  ...props
}: React.ComponentProps<typeof Input> & {
  id: string;
  label: string;
  icon: LucideIcon;
  wrapperClassName?: string;
}) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className={cn("relative", wrapperClassName)}>
        <Icon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-500"
        />
        <Input id={id} className={cn("pl-9", className)} {...props} />
        {children}
      </div>
    </>
  );
}

/**
 * A page's search box (`?q=`): a search field with the magnifier, sent with the page's GET form
 * when scripts are off.
 */
export function SearchField(props: Omit<React.ComponentProps<typeof IconField>, "icon">) {
  return <IconField icon={SearchIcon} type="search" name="q" autoComplete="off" {...props} />;
}
