import * as React from "react";
import { useWatch } from "react-hook-form";
import { useToast } from "#app/components/ui/toast.tsx";
import { isApiError } from "#app/lib/api-client.ts";
import { parseYouTubeId } from "#common/youtube.ts";
import { useYouTubeInfo } from "./api/get-youtube-info.ts";
import type { PostEditorForm } from "./post-form.ts";
import { type YouTubeFill, youTubeFallback, youTubeFill } from "./youtube-fill.ts";

/** How long the address must stay unchanged before it is looked up. */
export const YOUTUBE_LOOKUP_DELAY_MS = 700;

/** Whether typing has reached a whole web address (not "https://yout" on the way to one). */
function isCompleteUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/**
 * YouTube auto-fill (docs/product/editor.md#youtube-auto-fill): a YouTube URL entered in a youtube
 * post is looked up (POST /api/youtube/info) once typing pauses, and the title, excerpt, content
 * and featured image are filled in. A failed lookup of an address with a video id fills in what
 * the id alone gives; an address without one says so. The address the form started with (an
 * existing post's) is not looked up again.
 */
export function useYouTubeAutoFill({
  form,
  enabled,
  revalidate,
  setTitle,
}: {
  form: PostEditorForm;
  enabled: boolean;
  /** Check the filled-in fields at once (after a first attempt to save). */
  revalidate: boolean;
  setTitle: (title: string) => void;
}): { status: string | null } {
  const toast = useToast();
  const { mutateAsync: lookUp } = useYouTubeInfo();
  const url = useWatch({ control: form.control, name: "youtubeUrl" }) ?? "";
  const lastLookedUp = React.useRef(url.trim());
  // Each lookup's number; an answer for an address that has since changed is dropped.
  const latest = React.useRef(0);
  const [status, setStatus] = React.useState<string | null>(null);

  const apply = React.useCallback(
    (fill: YouTubeFill) => {
      setTitle(fill.title);
      if (fill.excerpt !== null) {
        form.setValue("excerpt", fill.excerpt, { shouldDirty: true, shouldValidate: revalidate });
      }
      form.setValue("content", fill.content, { shouldDirty: true, shouldValidate: revalidate });
      if (fill.featuredImage !== null) {
        form.setValue("featuredImage", fill.featuredImage, { shouldDirty: true });
      }
    },
    [form, setTitle, revalidate],
  );

  React.useEffect(() => {
    const address = url.trim();
    if (!enabled || address === "" || address === lastLookedUp.current) return;
    if (!isCompleteUrl(address)) return;
    const timer = setTimeout(async () => {
      lastLookedUp.current = address;
      const run = ++latest.current;
      const id = parseYouTubeId(address);
      if (!id) {
        toast({
          title: "Error",
          description: "Failed to fetch video information. Please enter details manually.",
          variant: "destructive",
        });
        return;
      }
      setStatus("Looking up the video...");
      try {
        const info = await lookUp(address);
        if (run !== latest.current) return;
        apply(youTubeFill(info, id));
        toast({
          title: "Video Info Loaded",
          description: "YouTube video details have been automatically populated.",
        });
      } catch (error) {
        if (run !== latest.current || isApiError(error, 401)) return;
        apply(youTubeFallback(id));
        toast({
          title: "Basic Info Set",
          description: "Set basic video info. Please add title and description manually.",
        });
      } finally {
        if (run === latest.current) setStatus(null);
      }
    }, YOUTUBE_LOOKUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [url, enabled, apply, toast, lookUp]);

  return { status };
}
