import { XIcon } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { Button } from "#app/components/ui/button.tsx";
import { videoPlayerUrl } from "./video-entries.ts";

/**
 * The full-screen player of one video: a dialog over the whole window with the embedded
 * YouTube player, closed by its Close button or by Escape. Render it inside a `Dialog` whose
 * trigger is the video's Play button, so focus goes back there when it closes.
 */
export function VideoPlayerContent({ videoId, title }: { videoId: string; title: string }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/95 backdrop-blur-sm" />
      <DialogPrimitive.Content
        data-slot="video-player"
        className="fixed inset-0 z-50 flex flex-col focus:outline-none"
      >
        <div className="flex items-center gap-4 border-b border-white/10 px-4 py-3 sm:px-6">
          <DialogPrimitive.Title className="min-w-0 flex-1 truncate text-base font-bold text-white sm:text-lg">
            {title}
          </DialogPrimitive.Title>
          <DialogPrimitive.Close asChild>
            <Button variant="secondary" size="md">
              <XIcon aria-hidden="true" /> Close
            </Button>
          </DialogPrimitive.Close>
        </div>
        <DialogPrimitive.Description className="sr-only">
          Video player. Press Escape or the Close button to return to the videos.
        </DialogPrimitive.Description>
        <div className="flex min-h-0 flex-1 items-center justify-center p-3 sm:p-8">
          <div className="aspect-video w-full max-w-[calc((100dvh-8rem)*16/9)] overflow-hidden rounded-lg bg-night-900 ring-1 ring-white/10">
            <iframe
              src={videoPlayerUrl(videoId)}
              title={title}
              width={1280}
              height={720}
              allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
              className="size-full border-0"
            />
          </div>
        </div>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
