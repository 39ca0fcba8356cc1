import { ChevronDownIcon } from "lucide-react";
import * as React from "react";
import { useFormContext, useFormState, useWatch } from "react-hook-form";
import { useRouteLoaderData } from "react-router";
import { ImageField } from "#app/components/dashboard/image-field.tsx";
import { FormField } from "#app/components/ui/form.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import type { PostEditorValues } from "#app/features/post-editor/post-form.ts";
import { type SeoSite, seoPreviewOf } from "#app/features/post-editor/seo-preview.ts";
import { cn } from "#app/lib/cn.ts";
import { FEATURED_IMAGE_SIZE, MAX_UPLOAD_BYTES } from "#common/constants.ts";
import { SEO_FIELD_NAMES, SEO_SHOWN_LENGTHS } from "#common/schemas/post-seo.ts";
import { SearchResultPreview, SocialCardPreview } from "./seo-previews.tsx";

/**
 * The collapsible 'SEO and social' section (docs/product/editor.md#seo-and-social): what search
 * engines and share cards show of the post, each field empty for its default from the post
 * (shown as its placeholder), with live previews of a search result and a social card. It opens
 * by itself when one of its fields has an error.
 */
export function SeoSection() {
  const [open, setOpen] = React.useState(false);
  const { errors } = useFormState<PostEditorValues>();
  const hasError = SEO_FIELD_NAMES.some((name) => errors[name]);
  const expanded = open || hasError;
  const id = React.useId();
  return (
    <section data-slot="seo-section" aria-labelledby={`${id}-heading`} className="space-y-4">
      <h2 id={`${id}-heading`} className="text-lg font-bold text-white">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={`${id}-body`}
          onClick={() => setOpen(!expanded)}
          className="flex w-full items-center justify-between gap-2 rounded-md py-1 text-left focus-visible:ring-2 focus-visible:ring-diamond-400 focus-visible:outline-none"
        >
          SEO and social
          <ChevronDownIcon
            aria-hidden="true"
            className={cn("size-5 text-zinc-400 transition-transform", expanded && "rotate-180")}
          />
        </button>
      </h2>
      <div id={`${id}-body`} hidden={!expanded}>
        {expanded ? <SeoFields /> : null}
      </div>
    </section>
  );
}

/** The site's address, name and default social image, from the root loader. */
function useSeoSite(): SeoSite {
  const root = useRouteLoaderData("root") as
    | { siteUrl?: string; site?: { companyName?: string; defaultSocialImage?: string } }
    | undefined;
  return {
    siteUrl: root?.siteUrl ?? "",
    companyName: root?.site?.companyName ?? "",
    defaultImage: root?.site?.defaultSocialImage ?? "",
  };
}

function SeoFields() {
  const { control } = useFormContext<PostEditorValues>();
  const values = useWatch({ control }) as PostEditorValues;
  const preview = seoPreviewOf(values, useSeoSite());
  const { width, height } = FEATURED_IMAGE_SIZE;
  return (
    <div className="space-y-6">
      <CountedField
        name="metaTitle"
        label="Meta title"
        shown={SEO_SHOWN_LENGTHS.metaTitle}
        placeholder={preview.defaults.metaTitle}
        what="the page's title in search results"
      />
      <CountedField
        name="metaDescription"
        label="Meta description"
        shown={SEO_SHOWN_LENGTHS.metaDescription}
        placeholder={preview.defaults.metaDescription}
        what="the text under the title in search results"
        multiline
      />
      <SearchResultPreview search={preview.search} />
      <ImageField
        variant="file"
        name="socialImage"
        label="Social image"
        description={`Shown when the post is shared; empty for the featured image. PNG or JPEG, up to ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Recommended size: ${width}x${height} px.`}
        previewClassName="aspect-[1200/630]"
        previewSize={FEATURED_IMAGE_SIZE}
        previewAlt="Social image of this post"
        onUploadFailed={(error) => console.error("Failed to upload image", error)}
      />
      <CountedField
        name="socialTitle"
        label="Social title"
        shown={SEO_SHOWN_LENGTHS.socialTitle}
        placeholder={preview.defaults.socialTitle}
        what="the title of a shared link's card"
      />
      <CountedField
        name="socialDescription"
        label="Social description"
        shown={SEO_SHOWN_LENGTHS.socialDescription}
        placeholder={preview.defaults.socialDescription}
        what="the text of a shared link's card"
        multiline
      />
      <SocialCardPreview card={preview.card} />
      <FormField
        name="canonicalUrl"
        label="Canonical URL"
        description="Only when the post first appeared elsewhere: the address search engines should credit. Empty for this post's own address."
        render={(field, props) => (
          <Input
            {...field}
            {...props}
            type="url"
            autoComplete="off"
            placeholder={preview.defaults.canonicalUrl}
            value={field.value ?? ""}
          />
        )}
      />
      <FormField
        name="noIndex"
        label="Hide from search engines"
        description="Asks search engines not to list the post (noindex) and leaves it out of the sitemap. Visitors with the link still see it."
        className="space-y-2"
        render={(field, props) => (
          <div>
            <Switch
              id={props.id}
              aria-describedby={props["aria-describedby"]}
              aria-invalid={props["aria-invalid"]}
              name={field.name}
              ref={field.ref}
              checked={field.value === true}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
            />
          </div>
        )}
      />
    </div>
  );
}

type CountedName = "metaTitle" | "metaDescription" | "socialTitle" | "socialDescription";

/** A text field with its length against what search engines or share cards show. */
function CountedField({
  name,
  label,
  shown,
  placeholder,
  what,
  multiline = false,
}: {
  name: CountedName;
  label: string;
  shown: number;
  placeholder: string;
  what: string;
  multiline?: boolean;
}) {
  const value = useWatch<PostEditorValues, CountedName>({ name });
  const length = Array.from(value ?? "").length;
  return (
    <FormField
      name={name}
      label={label}
      description={
        <>
          {`Empty for the default shown in the field. ${shown} characters show in ${what}. `}
          <span className={cn(length > shown && "text-gold-300")}>
            {length}/{shown} characters
          </span>
        </>
      }
      render={(field, props) =>
        multiline ? (
          <Textarea
            {...field}
            {...props}
            rows={3}
            placeholder={placeholder}
            value={field.value ?? ""}
          />
        ) : (
          <Input
            {...field}
            {...props}
            autoComplete="off"
            placeholder={placeholder}
            value={field.value ?? ""}
          />
        )
      }
    />
  );
}
