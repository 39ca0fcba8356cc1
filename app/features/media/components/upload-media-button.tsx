import { useQueryClient } from "@tanstack/react-query";
import { UploadIcon } from "lucide-react";
import * as React from "react";
import { MEDIA_QUERY_KEY, uploadMedia } from "#app/components/media/media-api.ts";
import { Button } from "#app/components/ui/button.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { errorMessage, isApiError } from "#app/lib/api-client.ts";
import { imageFileRefusal, uploadFailureMessage } from "#app/lib/image-file.ts";
import { UPLOAD_IMAGE_ACCEPT } from "#common/constants.ts";
import type { MediaItem } from "#common/types/media.ts";

/** Upload: a PNG or JPEG becomes a new media item; its details open to describe it. */
export function UploadMediaButton({ onUploaded }: { onUploaded: (item: MediaItem) => void }) {
  const input = React.useRef<HTMLInputElement>(null);
  const [progress, setProgress] = React.useState<number | null>(null);
  const queryClient = useQueryClient();
  const toast = useToast();

  async function onFile(file: File | undefined) {
    if (input.current) input.current.value = "";
    if (!file) return;
    const refusal = imageFileRefusal(file);
    if (refusal) {
      toast({ title: "Error", description: refusal, variant: "destructive" });
      return;
    }
    setProgress(0);
    try {
      const item = await uploadMedia({ file, onProgress: setProgress });
      await queryClient.invalidateQueries({ queryKey: MEDIA_QUERY_KEY });
      toast({ title: "Image uploaded", description: "Add its alt text in the details." });
      onUploaded(item);
    } catch (error) {
      if (isApiError(error, 401)) return;
      toast({
        title: "Error",
        description: errorMessage(error, uploadFailureMessage(error)),
        variant: "destructive",
      });
    } finally {
      setProgress(null);
    }
  }

  return (
    <>
      <input
        ref={input}
        type="file"
        accept={UPLOAD_IMAGE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label="Image file to upload"
        onChange={(event) => void onFile(event.target.files?.[0])}
      />
      <Button type="button" disabled={progress !== null} onClick={() => input.current?.click()}>
        <UploadIcon aria-hidden="true" />
        {progress === null ? "Upload" : `Uploading ${Math.round(progress * 100)}%`}
      </Button>
    </>
  );
}
