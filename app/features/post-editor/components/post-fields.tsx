import type * as React from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { Badge } from "#app/components/ui/badge.tsx";
import { FormField } from "#app/components/ui/form.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { type PostEditorValues, showsVideoUrl } from "#app/features/post-editor/post-form.ts";
import { cn } from "#app/lib/cn.ts";
import { PACK_TYPES } from "#common/constants.ts";
import { isFuture } from "#common/format.ts";
import { packTypeLabel } from "#common/pack-types.ts";
import { ContentField } from "./content-field.tsx";
import { FeaturedImageField } from "./featured-image-field.tsx";
import { TagsField } from "./tags-field.tsx";

/** docs/product.md#editor: a title under 60 characters shows in full in search results. */
export const TITLE_GUIDANCE_LENGTH = 60;

const CATEGORY_OPTIONS = [
  { value: "news", label: "News" },
  { value: "marketplace-content", label: "Marketplace Content" },
  { value: "youtube", label: "YouTube" },
] as const;

/**
 * The post's fields, in the order the editor shows them; the marketplace fields only for
 * marketplace content, the video address only where a video applies.
 */
export function PostFields({
  setTitle,
  slugFollowsTitle,
  siteUrl,
  youtubeStatus,
}: {
  setTitle: (title: string) => void;
  slugFollowsTitle: boolean;
  siteUrl: string | null;
  youtubeStatus: string | null;
}) {
  const { control } = useFormContext<PostEditorValues>();
  const [category, packType, title, releaseDate] = useWatch({
    control,
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
                    {packTypeLabel(type)}
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
              <UrlInput {...field} {...control} placeholder="https://" value={field.value ?? ""} />
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
            <UrlInput
              {...field}
              {...control}
              placeholder="https://www.youtube.com/watch?v=..."
              value={field.value ?? ""}
            />
          )}
        />
      ) : null}
      <FeaturedImageField />
      <ContentField siteUrl={siteUrl} />
      <TagsField />
    </>
  );
}

/** A web address: the keyboard for addresses, and nothing filled in by the browser. */
function UrlInput(props: React.ComponentProps<typeof Input>) {
  return <Input type="url" inputMode="url" autoComplete="off" {...props} />;
}
