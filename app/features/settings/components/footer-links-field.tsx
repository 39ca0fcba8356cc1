import { PlusIcon, Trash2Icon } from "lucide-react";
import { useFieldArray, useFormContext } from "react-hook-form";
import { Button } from "#app/components/ui/button.tsx";
import { FormField } from "#app/components/ui/form.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { MAX_FOOTER_LINKS, type SiteSettings } from "#common/schemas/site-settings.ts";

/** The footer's links, in order: a label and an address each, added and removed here. */
export function FooterLinksField() {
  const { control, formState } = useFormContext<SiteSettings>();
  const links = useFieldArray({ control, name: "footerLinks" });
  const listError =
    formState.errors.footerLinks?.root?.message ?? formState.errors.footerLinks?.message;
  return (
    <div className="space-y-4">
      <p className="text-sm text-zinc-400">
        Shown above the copyright line on every public page, in this order. An address is an
        https:// address (opened in a new tab) or a page of this site such as /news. At most{" "}
        {MAX_FOOTER_LINKS}.
      </p>
      {links.fields.length === 0 ? (
        <p className="text-sm text-zinc-300">No footer links.</p>
      ) : (
        <ol className="space-y-3">
          {links.fields.map((link, index) => (
            <li
              key={link.id}
              aria-label={`Footer link ${index + 1}`}
              className="grid gap-3 rounded-lg bg-night-950/60 p-3 ring-1 ring-night-700 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] sm:items-start"
            >
              <FormField
                name={`footerLinks.${index}.label`}
                label="Label"
                render={(field, props) => (
                  <Input {...field} {...props} autoComplete="off" value={field.value ?? ""} />
                )}
              />
              <FormField
                name={`footerLinks.${index}.href`}
                label="Address"
                render={(field, props) => (
                  <Input
                    {...field}
                    {...props}
                    inputMode="url"
                    placeholder="https:// or /page"
                    autoComplete="off"
                    value={field.value ?? ""}
                  />
                )}
              />
              <Button
                type="button"
                variant="ghost"
                className="sm:mt-6"
                aria-label={`Remove footer link ${index + 1}`}
                onClick={() => links.remove(index)}
              >
                <Trash2Icon aria-hidden="true" />
                <span className="sm:sr-only">Remove</span>
              </Button>
            </li>
          ))}
        </ol>
      )}
      {listError ? <p className="text-sm text-redstone-400">{listError}</p> : null}
      <Button
        type="button"
        variant="secondary"
        disabled={links.fields.length >= MAX_FOOTER_LINKS}
        onClick={() => links.append({ label: "", href: "" })}
      >
        <PlusIcon aria-hidden="true" />
        Add link
      </Button>
    </div>
  );
}
