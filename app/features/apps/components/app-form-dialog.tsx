import * as React from "react";
import { Controller, type UseFormReturn, useFormContext } from "react-hook-form";
import { useRevalidator } from "react-router";
import { ImageField } from "#app/components/dashboard/image-field.tsx";
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
import { Textarea } from "#app/components/ui/textarea.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { useCreateApp } from "#app/features/apps/api/create-app.ts";
import { useUpdateApp } from "#app/features/apps/api/update-app.ts";
import {
  APP_STATUS_NAMES,
  type AppFormFields,
  AppFormSchema,
  appToFormFields,
  suggestSlug,
} from "#app/features/apps/app-form.ts";
import { errorMessage, isApiError } from "#app/lib/api-client.ts";
import { APP_RELATIONSHIP_LABELS, platformLabel } from "#app/lib/app-filters.ts";
import {
  APP_CATEGORIES,
  APP_PLATFORMS,
  APP_RELATIONSHIPS,
  APP_STATUSES,
} from "#common/constants.ts";
import type { AppInput } from "#common/schemas/app.ts";
import type { App } from "#common/types/app.ts";

/** Add App, which doubles as Edit App when given an app. */
export function AppFormDialog({
  open,
  onOpenChange,
  app,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The app to edit; null to add one. */
  app: App | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        aria-describedby="app-form-description"
        className="max-h-[calc(100dvh-2rem)] max-w-2xl overflow-y-auto"
      >
        {/* Mounted only while open, so each opening starts from the app's current values. */}
        {open ? <AppForm app={app} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AppForm({ app, onDone }: { app: App | null; onDone: () => void }) {
  const form = useZodForm(AppFormSchema, { defaultValues: appToFormFields(app) });
  const { onSubmit, saving } = useSaveApp(app, form, onDone);
  return (
    <>
      <DialogTitle>{app ? "Edit App" : "Add App"}</DialogTitle>
      <DialogDescription id="app-form-description">
        {app
          ? `Change how ${app.name} appears on the Apps & Tools page.`
          : "Add an app or tool to the Apps & Tools page and the site's navigation."}
      </DialogDescription>
      <Form form={form} onSubmit={onSubmit}>
        <NameAndSlugFields isNew={app === null} />
        <KindFields />
        <FormField
          name="shortDescription"
          label="Short description"
          description="One or two sentences for the app's card (at most 300 characters)."
          render={(field, control) => <Textarea {...field} {...control} rows={2} />}
        />
        <FormField
          name="description"
          label="Description"
          render={(field, control) => <Textarea {...field} {...control} rows={5} />}
        />
        <NumberFields />
        <PlatformsField />
        <LinkAndImageFields />
        <FormField
          name="sortOrder"
          label="Sort order"
          description={
            app
              ? "Lower numbers come first; apps with the same number go by name."
              : "Lower numbers come first; apps with the same number go by name. Empty is 0."
          }
          className="sm:w-1/3"
          render={(field, control) => (
            <Input {...field} {...control} type="number" inputMode="numeric" step={1} />
          )}
        />
        <div className="flex justify-end gap-2 pt-2">
          <Button type="button" variant="secondary" onClick={onDone} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : app ? "Save Changes" : "Add App"}
          </Button>
        </div>
      </Form>
    </>
  );
}

/**
 * Saving the form: a new app is added, an edited one updated; then the toast, the navigation
 * (which lists the apps) loaded again, and the dialog closed. A failure puts the server's field
 * messages on the fields and says what went wrong.
 */
function useSaveApp(
  app: App | null,
  form: UseFormReturn<AppFormFields, unknown, AppInput>,
  onDone: () => void,
) {
  const toast = useToast();
  const create = useCreateApp();
  const update = useUpdateApp();
  const revalidator = useRevalidator();

  async function onSubmit(input: AppInput) {
    try {
      if (app) {
        const saved = await update.mutateAsync({ id: app.id, input });
        toast({ title: "App updated", description: `${saved.name} has been saved.` });
      } else {
        const saved = await create.mutateAsync(input);
        toast({
          title: "App added",
          description: `${saved.name} is now on the Apps & Tools page.`,
        });
      }
      // The site's navigation lists the apps too: load it again.
      void revalidator.revalidate();
      onDone();
    } catch (error) {
      if (isApiError(error, 401)) return;
      if (isApiError(error, 400)) applyServerErrors(form, error.errors);
      if (isApiError(error, 409) && error.serverMessage) {
        form.setError("slug", { type: "server", message: error.serverMessage });
      }
      toast({
        title: "Error",
        description: errorMessage(
          error,
          app
            ? "Failed to update the app. Please try again."
            : "Failed to add the app. Please try again.",
        ),
        variant: "destructive",
      });
    }
  }

  return { onSubmit, saving: create.isPending || update.isPending };
}

/** The name, and the slug, which follows the name for a new app until someone types one. */
function NameAndSlugFields({ isNew }: { isNew: boolean }) {
  const form = useFormContext<AppFormFields>();
  const slugFollowsName = React.useRef(isNew);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        name="name"
        label="Name"
        render={(field, control) => (
          <Input
            {...field}
            {...control}
            autoComplete="off"
            onChange={(event) => {
              field.onChange(event);
              if (slugFollowsName.current) {
                form.setValue("slug", suggestSlug(event.target.value), {
                  shouldValidate: form.formState.isSubmitted,
                });
              }
            }}
          />
        )}
      />
      <FormField
        name="slug"
        label="Slug"
        description="The app's address on the Apps & Tools page: /apps#slug."
        render={(field, control) => (
          <Input
            {...field}
            {...control}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => {
              field.onChange(event);
              // Cleared, it follows the name again.
              slugFollowsName.current = event.target.value === "";
            }}
          />
        )}
      />
    </div>
  );
}

/** Category, relationship and status. */
function KindFields() {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <FormField
        name="category"
        label="Category"
        render={(field, control) => (
          <NativeSelect {...field} {...control}>
            <option value="">Choose a category</option>
            {APP_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </NativeSelect>
        )}
      />
      <FormField
        name="relationship"
        label="Relationship"
        render={(field, control) => (
          <NativeSelect {...field} {...control}>
            <option value="">Choose a relationship</option>
            {APP_RELATIONSHIPS.map((relationship) => (
              <option key={relationship} value={relationship}>
                {APP_RELATIONSHIP_LABELS[relationship] ?? relationship}
              </option>
            ))}
          </NativeSelect>
        )}
      />
      <FormField
        name="status"
        label="Status"
        render={(field, control) => (
          <NativeSelect {...field} {...control}>
            {APP_STATUSES.map((status) => (
              <option key={status} value={status}>
                {APP_STATUS_NAMES[status]}
              </option>
            ))}
          </NativeSelect>
        )}
      />
    </div>
  );
}

/** Download count, rating and release date. */
function NumberFields() {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <FormField
        name="downloadCount"
        label="Download count"
        render={(field, control) => (
          <Input {...field} {...control} type="number" inputMode="numeric" min={0} step={1} />
        )}
      />
      <FormField
        name="rating"
        label="Rating"
        description="0 to 5; empty for none."
        render={(field, control) => (
          <Input
            {...field}
            {...control}
            type="number"
            inputMode="decimal"
            min={0}
            max={5}
            step={0.1}
          />
        )}
      />
      <FormField
        name="releaseDate"
        label="Release date"
        render={(field, control) => <Input {...field} {...control} type="date" />}
      />
    </div>
  );
}

/** The website and download addresses, the logo and the card's image. */
function LinkAndImageFields() {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          name="websiteUrl"
          label="Website URL"
          description="The navigation links here when set."
          render={(field, control) => (
            <Input {...field} {...control} type="url" inputMode="url" autoComplete="off" />
          )}
        />
        <FormField
          name="downloadUrl"
          label="Download URL"
          render={(field, control) => (
            <Input {...field} {...control} type="url" inputMode="url" autoComplete="off" />
          )}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <ImageField
          variant="address"
          name="logoUrl"
          label="Logo"
          description="A square PNG or JPEG, or an http(s) address."
          previewClassName="size-16"
          describeFailure={uploadFailure}
        />
        <ImageField
          variant="address"
          name="imageUrl"
          label="Image"
          description="A wide picture for the app's card, or an http(s) address."
          previewClassName="h-16 w-28"
          describeFailure={uploadFailure}
        />
      </div>
    </>
  );
}

function uploadFailure(error: unknown): string {
  return errorMessage(error, "Failed to upload image");
}

/** The platforms, as one group of checkboxes. */
function PlatformsField() {
  const { control } = useFormContext<AppFormFields>();
  const id = React.useId();
  return (
    <Controller
      control={control}
      name="platforms"
      render={({ field, fieldState }) => (
        <fieldset aria-describedby={fieldState.error ? `${id}-error` : undefined}>
          <legend className="mb-1.5 text-sm font-semibold text-zinc-100">Platforms</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {APP_PLATFORMS.map((platform, index) => (
              <label
                key={platform}
                className="inline-flex items-center gap-2 text-sm text-zinc-200"
              >
                <input
                  type="checkbox"
                  ref={index === 0 ? field.ref : undefined}
                  name={field.name}
                  value={platform}
                  checked={field.value.includes(platform)}
                  onBlur={field.onBlur}
                  onChange={(event) =>
                    field.onChange(
                      event.target.checked
                        ? [...field.value, platform]
                        : field.value.filter((value) => value !== platform),
                    )
                  }
                  className="size-4 accent-grass-500"
                />
                {platformLabel(platform)}
              </label>
            ))}
          </div>
          {fieldState.error?.message ? (
            <p id={`${id}-error`} className="mt-1.5 text-sm text-redstone-400">
              {fieldState.error.message}
            </p>
          ) : null}
        </fieldset>
      )}
    />
  );
}
