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
import { SeoSection } from "./seo-section.tsx";
import { TagsField } from "./tags-field.tsx";

/** docs/product/editor.md#editor: a title under 60 characters shows in full in search results. */
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
  const { control, setValue } = useFormContext<PostEditorValues>();
  const [category, packType] = useWatch({ control, name: ["category", "packType"] });
  const marketplace = category === "marketplace-content";
  return (
    <>
      <TitleField setTitle={setTitle} />
      <FormField
        name="slug"
        label="Slug"
        description={
          slugFollowsTitle
            ? "Made from the title; the post's address is /blog/{slug}."
            : "This post has been published, so the slug no longer follows the title. If you change it, the old address will redirect to the new one."
        }
        render={(field, control) => (
          <Input
            {...field}
            {...control}
            autoComplete="off"
            value={field.value ?? ""}
            onChange={(event) => {
              // A slug typed by hand is kept as typed: taken, it is refused, never numbered.
              setValue("slugFromTitle", false);
              field.onChange(event);
            }}
          />
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
      <CategoryFields marketplace={marketplace} />
      {marketplace ? <MarketplaceFields /> : null}
      {showsVideoUrl(category, packType) ? (
        <VideoUrlField youtube={category === "youtube"} youtubeStatus={youtubeStatus} />
      ) : null}
      <FeaturedImageField />
      <ContentField siteUrl={siteUrl} />
      <TagsField />
      <SeoSection />
    </>
  );
}

/** The title, with how many characters it has against the guidance. */
function TitleField({ setTitle }: { setTitle: (title: string) => void }) {
  const title = useWatch<PostEditorValues, "title">({ name: "title" });
  const titleLength = Array.from(title ?? "").length;
  return (
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
  );
}

/** The category, and the pack type of marketplace content. */
function CategoryFields({ marketplace }: { marketplace: boolean }) {
  return (
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
  );
}

/** Marketplace content's link, and its release date with whether it is out yet. */
function MarketplaceFields() {
  const releaseDate = useWatch<PostEditorValues, "releaseDate">({ name: "releaseDate" });
  const comingSoon = !releaseDate || isFuture(`${releaseDate}T00:00:00Z`);
  return (
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
  );
}

/** A YouTube post's video (whose details fill the form), or a marketplace item's trailer. */
function VideoUrlField({
  youtube,
  youtubeStatus,
}: {
  youtube: boolean;
  youtubeStatus: string | null;
}) {
  return (
    <FormField
      name="youtubeUrl"
      label={youtube ? "YouTube URL" : "Trailer video URL (optional)"}
      description={
        youtube ? (
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
  );
}

/** A web address: the keyboard for addresses, and nothing filled in by the browser. */
function UrlInput(props: React.ComponentProps<typeof Input>) {
  return <Input type="url" inputMode="url" autoComplete="off" {...props} />;
}
