import { zodResolver } from "@hookform/resolvers/zod";
import { CalendarClockIcon, EyeIcon, PencilIcon, SaveIcon, SendIcon } from "lucide-react";
import * as React from "react";
import {
  Controller,
  FormProvider,
  type Resolver,
  type UseFormReturn,
  useForm,
  useFormState,
  useWatch,
} from "react-hook-form";
import { useNavigate } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { applyServerErrors, FormField } from "#app/components/ui/form.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { useCreatePost } from "#app/features/posts/api/create-post.ts";
import { useSavePortfolioItem } from "#app/features/posts/api/save-portfolio-item.ts";
import { useUpdatePost } from "#app/features/posts/api/update-post.ts";
import {
  type PostEditorValues,
  parseTags,
  postToFormValues,
  showsVideoUrl,
  toPostPayload,
  toRequestBody,
} from "#app/features/posts/post-form.ts";
import { slugFromTitle } from "#app/features/posts/slug.ts";
import {
  browserTimeZone,
  listedZone,
  SCHEDULE_TIME_ZONES,
  SETTINGS_TIME_ZONES,
  type TimeZoneOption,
  timeZoneOptions,
} from "#app/features/posts/time-zones.ts";
import { useYouTubeAutoFill } from "#app/features/posts/use-youtube-auto-fill.ts";
import { ApiError, isApiError } from "#app/lib/api-client.ts";
import { cn } from "#app/lib/cn.ts";
import { PACK_TYPE_LABELS, PACK_TYPES, type PostStatus } from "#common/constants.ts";
import { isFuture } from "#common/format.ts";
import { type PostInput, PostInputSchema } from "#common/schemas/post.ts";
import type { Post } from "#common/types/post.ts";
import { FeaturedImageField } from "./featured-image-field.tsx";
import { PostPreview } from "./post-preview.tsx";
import { PostSettingsPanel } from "./post-settings-panel.tsx";
import { ScheduleDialog } from "./schedule-dialog.tsx";

// TipTap is loaded only here, when a post is edited: it stays out of the public pages' and the
// rest of the dashboard's bundles (docs/benchmarks.md, "Editor bundle").
const RichTextEditor = React.lazy(() => import("#app/components/editor/rich-text-editor.tsx"));

/** The post or portfolio item being edited. */
export type EditingTarget = {
  id: string;
  type: "post" | "portfolio";
  /** When it was first published: from then on its slug no longer follows the title. */
  publishedAt: string | null;
};

/** SPEC.md section 2: a title under 60 characters shows in full in search results. */
export const TITLE_GUIDANCE_LENGTH = 60;

const CATEGORY_OPTIONS = [
  { value: "news", label: "News" },
  { value: "marketplace-content", label: "Marketplace Content" },
  { value: "youtube", label: "YouTube" },
] as const;

const schemaResolver = zodResolver(PostInputSchema);

/**
 * The shared schema checks what would be sent, not the raw form: a field the post's category
 * or status does not use is neither checked nor saved (see toPostPayload).
 */
const payloadResolver: Resolver<PostEditorValues, unknown, PostInput> = (
  values,
  context,
  options,
) =>
  (schemaResolver as unknown as Resolver<PostEditorValues, unknown, PostInput>)(
    toPostPayload(values) as unknown as PostEditorValues,
    context,
    options,
  );

/** "Failed to save post: {message}": the server's message when it gave one. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/** Adds "(your time zone)" to the browser's zone in a list. */
function markBrowserZone(zones: TimeZoneOption[], browserZone: string): TimeZoneOption[] {
  return zones.map((zone) =>
    zone.value === browserZone ? { ...zone, label: `${zone.label} (your time zone)` } : zone,
  );
}

/**
 * The post / portfolio editor (SPEC.md sections 2, 4, 5 and 7): the form, the rich-text
 * content with an Edit / Preview toggle, Save as Draft, Schedule and Publish, and the Post
 * Settings panel. Validated by the shared schema; saved through the posts API (or the
 * portfolio flow), then back to All Posts.
 */
export function PostEditor({
  initialValues,
  editing,
  siteUrl,
}: {
  initialValues: PostEditorValues;
  editing: EditingTarget | null;
  siteUrl: string | null;
}) {
  const toast = useToast();
  const navigate = useNavigate();
  const createPost = useCreatePost();
  const updatePost = useUpdatePost();
  const savePortfolio = useSavePortfolioItem();
  const form = useForm<PostEditorValues, unknown, PostInput>({
    defaultValues: {
      ...initialValues,
      timezone: listedZone(initialValues.timezone, SETTINGS_TIME_ZONES),
    },
    resolver: payloadResolver,
  });
  const [mode, setMode] = React.useState<"edit" | "preview">("edit");
  const [scheduleOpen, setScheduleOpen] = React.useState(false);
  const [saving, setSaving] = React.useState(false);
  const browserZone = React.useMemo(() => listedZone(browserTimeZone(), SETTINGS_TIME_ZONES), []);
  const slugFollowsTitle = editing?.publishedAt == null;

  const settingsZones = React.useMemo(
    () =>
      markBrowserZone(
        timeZoneOptions(SETTINGS_TIME_ZONES, browserZone, initialValues.timezone),
        browserZone,
      ),
    [browserZone, initialValues.timezone],
  );
  const scheduleTimezone = form.getValues("timezone");
  const scheduleZones = React.useMemo(
    () =>
      markBrowserZone(
        timeZoneOptions(SCHEDULE_TIME_ZONES, browserZone, scheduleTimezone),
        browserZone,
      ),
    [browserZone, scheduleTimezone],
  );

  // After a first attempt to save, fields changed by code are checked again at once, as typed
  // ones are.
  const { isSubmitted } = useFormState({ control: form.control });

  const setTitle = React.useCallback(
    (title: string) => {
      form.setValue("title", title, { shouldDirty: true, shouldValidate: isSubmitted });
      if (slugFollowsTitle) {
        form.setValue("slug", slugFromTitle(title), {
          shouldDirty: true,
          shouldValidate: isSubmitted,
        });
      }
    },
    [form, slugFollowsTitle, isSubmitted],
  );

  const category = useWatch({ control: form.control, name: "category" });
  const youtube = useYouTubeAutoFill({
    form,
    enabled: category === "youtube",
    revalidate: isSubmitted,
    setTitle,
  });

  async function save(input: PostInput) {
    const body = toRequestBody(input);
    setSaving(true);
    try {
      let saved: Post;
      let created: boolean;
      if (editing?.type === "portfolio") {
        ({ post: saved, created } = await savePortfolio.mutateAsync({ id: editing.id, body }));
      } else if (editing) {
        saved = await updatePost.mutateAsync({ id: editing.id, body });
        created = false;
      } else {
        saved = await createPost.mutateAsync(body);
        created = true;
      }
      // What the server stored: an image sent as a data: URL is now an uploaded file's name.
      form.reset(postToFormValues(saved, browserZone));
      navigate("/dashboard/posts");
      // After the navigation, so this is the toast the person sees (one at a time).
      toast({ title: created ? "Content created successfully!" : "Content updated successfully!" });
    } catch (error) {
      // Signed out: the 'Unauthorized' toast and the redirect are already on their way.
      if (isApiError(error, 401)) return;
      if (isApiError(error, 400) && applyServerErrors(form, error.errors)) showProblems();
      if (isApiError(error, 409) && error.serverMessage) {
        form.setError("slug", { type: "server", message: error.serverMessage });
      }
      toast({
        title: "Error",
        description: `Failed to save post: ${failureMessage(error)}`,
        variant: "destructive",
      });
    } finally {
      setSaving(false);
    }
  }

  /** Problems show under the fields, so Preview gives way to them. */
  function showProblems() {
    setMode("edit");
  }

  /** Save as Draft, Publish, Publish Now and Save Draft: set the status, then submit. */
  function submitAs(status: PostStatus) {
    if (saving) return;
    form.setValue("status", status, { shouldDirty: true });
    void form.handleSubmit(save, showProblems)();
  }

  function schedule(scheduledAt: string, timezone: string) {
    form.setValue("status", "scheduled", { shouldDirty: true });
    form.setValue("scheduledAt", scheduledAt, { shouldDirty: true });
    form.setValue("timezone", timezone, { shouldDirty: true });
    setScheduleOpen(false);
    void form.handleSubmit(save, showProblems)();
  }

  return (
    <FormProvider {...form}>
      {/* Every action is a button of its own; pressing Enter in a field submits nothing. */}
      <form noValidate onSubmit={(event) => event.preventDefault()} className="space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <fieldset className="inline-flex rounded-lg bg-night-900 p-1 ring-1 ring-night-700">
            <legend className="sr-only">View</legend>
            <ModeButton pressed={mode === "edit"} onClick={() => setMode("edit")}>
              <PencilIcon aria-hidden="true" />
              Edit
            </ModeButton>
            <ModeButton pressed={mode === "preview"} onClick={() => setMode("preview")}>
              <EyeIcon aria-hidden="true" />
              Preview
            </ModeButton>
          </fieldset>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="secondary"
              onClick={() => submitAs("draft")}
              disabled={saving}
            >
              <SaveIcon aria-hidden="true" />
              Save as Draft
            </Button>
            <Button
              type="button"
              variant="outline"
              onClick={() => setScheduleOpen(true)}
              disabled={saving}
            >
              <CalendarClockIcon aria-hidden="true" />
              Schedule
            </Button>
            <Button type="button" onClick={() => submitAs("published")} disabled={saving}>
              <SendIcon aria-hidden="true" />
              {saving ? "Saving..." : "Publish"}
            </Button>
          </div>
        </div>

        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <div className="min-w-0">
            {mode === "preview" ? (
              <PostPreview publishedAt={editing?.publishedAt ?? null} siteUrl={siteUrl} />
            ) : null}
            {/* Kept mounted in Preview, so the editor keeps its undo history. */}
            <div hidden={mode === "preview"} className="space-y-6">
              <PostFields
                form={form}
                setTitle={setTitle}
                slugFollowsTitle={slugFollowsTitle}
                siteUrl={siteUrl}
                youtubeStatus={youtube.status}
              />
            </div>
          </div>
          <aside className="lg:sticky lg:top-24 lg:self-start">
            <PostSettingsPanel
              zones={settingsZones}
              publishedAt={editing?.publishedAt ?? null}
              saving={saving}
              onPublish={() => submitAs("published")}
              onSaveDraft={() => submitAs("draft")}
            />
          </aside>
        </div>
      </form>
      <ScheduleDialog
        open={scheduleOpen}
        onOpenChange={setScheduleOpen}
        scheduledAt={form.getValues("scheduledAt")}
        timezone={scheduleTimezone}
        zones={scheduleZones}
        onSchedule={schedule}
      />
    </FormProvider>
  );
}

function ModeButton({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className="inline-flex items-center gap-2 rounded-md px-4 py-1.5 text-sm font-semibold text-zinc-300 transition-colors hover:text-white focus-visible:ring-2 focus-visible:ring-diamond-400 focus-visible:outline-none aria-pressed:bg-grass-500 aria-pressed:text-night-950 [&_svg]:size-4"
    >
      {children}
    </button>
  );
}

function PostFields({
  form,
  setTitle,
  slugFollowsTitle,
  siteUrl,
  youtubeStatus,
}: {
  form: UseFormReturn<PostEditorValues, unknown, PostInput>;
  setTitle: (title: string) => void;
  slugFollowsTitle: boolean;
  siteUrl: string | null;
  youtubeStatus: string | null;
}) {
  const [category, packType, title, releaseDate] = useWatch({
    control: form.control,
    name: ["category", "packType", "title", "releaseDate"],
  });
  const marketplace = category === "marketplace-content";
  const videoUrl = showsVideoUrl(category, packType);
  const titleLength = Array.from(title ?? "").length;
  const comingSoon = !releaseDate || isFuture(`${releaseDate}T00:00:00Z`);

  return (
    <>
      <FormField
        name="title"
        label="Title"
        description={
          <>
            Keep it under {TITLE_GUIDANCE_LENGTH} characters so it shows in full in search results.{" "}
            <span className={cn(titleLength > TITLE_GUIDANCE_LENGTH && "text-gold-300")}>
              {titleLength}/{TITLE_GUIDANCE_LENGTH} characters
            </span>
          </>
        }
        render={(field, control) => (
          <Input
            {...field}
            {...control}
            autoComplete="off"
            value={field.value ?? ""}
            onChange={(event) => setTitle(event.target.value)}
          />
        )}
      />
      <FormField
        name="slug"
        label="Slug"
        description={
          slugFollowsTitle
            ? "Made from the title; the post's address is /blog/{slug}."
            : "This post has been published, so the slug no longer follows the title. If you change it, the old address will redirect to the new one."
        }
        render={(field, control) => (
          <Input {...field} {...control} autoComplete="off" value={field.value ?? ""} />
        )}
      />
      <FormField
        name="excerpt"
        label="Excerpt"
        description="A sentence or two shown under the title and in post lists."
        render={(field, control) => (
          <Textarea {...field} {...control} rows={3} value={field.value ?? ""} />
        )}
      />
      <div className="grid gap-6 sm:grid-cols-2">
        <FormField
          name="category"
          label="Category"
          render={(field, control) => (
            <NativeSelect {...field} {...control} value={field.value ?? "news"}>
              {CATEGORY_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          )}
        />
        {marketplace ? (
          <FormField
            name="packType"
            label="Pack type"
            render={(field, control) => (
              <NativeSelect {...field} {...control} value={field.value ?? ""}>
                <option value="">Choose a pack type</option>
                {PACK_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {PACK_TYPE_LABELS[type] ?? type}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
        ) : null}
      </div>
      {marketplace ? (
        <div className="grid gap-6 sm:grid-cols-2">
          <FormField
            name="marketplaceUrl"
            label="Marketplace URL"
            render={(field, control) => (
              <Input
                {...field}
                {...control}
                type="url"
                inputMode="url"
                placeholder="https://"
                autoComplete="off"
                value={field.value ?? ""}
              />
            )}
          />
          <FormField
            name="releaseDate"
            label={
              <span className="flex items-center justify-between gap-2">
                Release date
                <Badge variant={comingSoon ? "yellow" : "green"}>
                  {comingSoon ? "Coming Soon" : "Live"}
                </Badge>
              </span>
            }
            description="Empty or in the future: shown as Coming Soon."
            render={(field, control) => (
              <Input
                {...field}
                {...control}
                type="date"
                value={field.value ?? ""}
                className="[color-scheme:dark]"
              />
            )}
          />
        </div>
      ) : null}
      {videoUrl ? (
        <FormField
          name="youtubeUrl"
          label={category === "youtube" ? "YouTube URL" : "Trailer video URL (optional)"}
          description={
            category === "youtube" ? (
              <>
                Paste the video's address: its title, description and thumbnail are filled in.{" "}
                <span role="status">{youtubeStatus}</span>
              </>
            ) : (
              "A YouTube video shown as 'Trailer Video' on the post page."
            )
          }
          render={(field, control) => (
            <Input
              {...field}
              {...control}
              type="url"
              inputMode="url"
              placeholder="https://www.youtube.com/watch?v=..."
              autoComplete="off"
              value={field.value ?? ""}
            />
          )}
        />
      ) : null}
      <FeaturedImageField />
      <ContentField form={form} siteUrl={siteUrl} />
      <TagsField form={form} />
    </>
  );
}

function ContentField({
  form,
  siteUrl,
}: {
  form: UseFormReturn<PostEditorValues, unknown, PostInput>;
  siteUrl: string | null;
}) {
  const id = React.useId();
  return (
    <Controller
      control={form.control}
      name="content"
      render={({ field, fieldState }) => (
        <div data-slot="form-field">
          <Label id={`${id}-label`}>Content</Label>
          <React.Suspense
            fallback={
              <div
                role="status"
                className="flex min-h-[400px] items-center justify-center rounded-md bg-night-950 text-sm text-zinc-400 ring-1 ring-night-600"
              >
                Loading editor...
              </div>
            }
          >
            <RichTextEditor
              id={`${id}-input`}
              labelledBy={`${id}-label`}
              describedBy={fieldState.error ? `${id}-error` : undefined}
              invalid={Boolean(fieldState.error)}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              siteUrl={siteUrl}
              contentClassName="min-h-[400px]"
            />
          </React.Suspense>
          {fieldState.error?.message ? (
            <p id={`${id}-error`} className="mt-1.5 text-sm text-redstone-400">
              {fieldState.error.message}
            </p>
          ) : null}
        </div>
      )}
    />
  );
}

/** Tags typed as one line, separated by commas; each is shown with "#" on the post page. */
function TagsField({ form }: { form: UseFormReturn<PostEditorValues, unknown, PostInput> }) {
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
