import { EllipsisIcon, ExternalLinkIcon } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import type * as React from "react";
import { Link } from "react-router";
import { cn } from "#app/lib/cn.ts";

export type RowAction = {
  label: string;
  icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;
  /**
   * A link: a page of this site opened in place (by the router), or with `external` one opened
   * in a new tab, marked so. Otherwise `onSelect` is the action.
   */
  href?: string;
  external?: boolean;
  onSelect?: () => void;
  /** Deleting: set apart at the end of the menu, in red text only. */
  destructive?: boolean;
  disabled?: boolean;
};

const ITEM =
  "flex cursor-pointer items-center gap-2 rounded px-2.5 py-2 text-sm text-zinc-200 outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-white/10 data-[highlighted]:text-white";

/**
 * A row's actions in a quiet menu (a "More" button): Edit and the like, with Delete set apart
 * at the end, so a list is not a column of loud buttons.
 */
export function RowActions({ name, actions }: { name: string; actions: RowAction[] }) {
  const everyday = actions.filter((action) => !action.destructive);
  const destructive = actions.filter((action) => action.destructive);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Actions for ${name}`}
        className="grid size-9 shrink-0 place-items-center rounded-md text-zinc-300 hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-diamond-400 focus-visible:outline-none data-[state=open]:bg-white/10"
      >
        <EllipsisIcon aria-hidden="true" className="size-5" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-44 rounded-md bg-night-900 p-1 shadow-2xl ring-1 ring-night-600"
        >
          {everyday.map((action) => (
            <ActionItem key={action.label} action={action} />
          ))}
          {destructive.length > 0 && everyday.length > 0 ? (
            <DropdownMenu.Separator className="my-1 h-px bg-night-700" />
          ) : null}
          {destructive.map((action) => (
            <ActionItem key={action.label} action={action} />
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function ActionItem({ action }: { action: RowAction }) {
  const Icon = action.icon;
  const className = cn(
    ITEM,
    action.destructive && "text-redstone-400 data-[highlighted]:text-redstone-300",
  );
  const content = (
    <>
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {action.label}
    </>
  );
  if (action.href && action.external) {
    return (
      <DropdownMenu.Item asChild disabled={action.disabled} className={className}>
        <a href={action.href} target="_blank" rel="noopener noreferrer">
          {content}
          <ExternalLinkIcon aria-hidden="true" className="ml-auto size-4 shrink-0 text-zinc-500" />
        </a>
      </DropdownMenu.Item>
    );
  }
  if (action.href) {
    // A link out of the dashboard leads to a public page, which is loaded as a document (they
    // are not hydrated: docs/decisions/031-static-public-pages.md), `#app` part and all.
    const outOfDashboard = !action.href.startsWith("/dashboard");
    return (
      <DropdownMenu.Item asChild disabled={action.disabled} className={className}>
        <Link to={action.href} reloadDocument={outOfDashboard}>
          {content}
        </Link>
      </DropdownMenu.Item>
    );
  }
  return (
    <DropdownMenu.Item disabled={action.disabled} onSelect={action.onSelect} className={className}>
      {content}
    </DropdownMenu.Item>
  );
}
