import { XIcon } from "lucide-react";
import { Button } from "#app/components/ui/button.tsx";
import { videoPlayerUrl } from "./video-entries.ts";

/**
 * The full-screen player of one video: a dialog over the whole window with the embedded
 * YouTube player, closed by its Close button or by Escape. It is in the page's HTML, closed and
 * without the player's address, so no YouTube player loads with the page; the site script
 * (app/site-script/video-dialog.client.ts) opens it from the Play button naming its `id`, gives
 * the player its address then, and takes it away on closing, which stops the video. The browser's
 * own dialog keeps focus inside while it is open and gives it back to Play when it closes.
 */
export function VideoPlayer({
  id,
  videoId,
  title,
}: {
  id: string;
  videoId: string;
  title: string;
}) {
  return (
    <dialog
      id={id}
      data-video-player=""
      data-slot="video-player"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      // `open:flex`, not `flex`: a display of its own would show the dialog while it is closed.
      className="fixed inset-0 m-0 size-full max-h-none max-w-none flex-col bg-transparent p-0 focus:outline-none open:flex backdrop:bg-black/95 backdrop:backdrop-blur-sm"
    >
      <div className="flex items-center gap-4 border-b border-white/10 px-4 py-3 sm:px-6">
        <h2
          id={`${id}-title`}
          className="min-w-0 flex-1 truncate text-base font-bold text-white sm:text-lg"
        >
          {title}
        </h2>
        <Button type="button" variant="secondary" size="md" data-video-player-close="">
          <XIcon aria-hidden="true" /> Close
        </Button>
      </div>
      <p id={`${id}-description`} className="sr-only">
        Video player. Press Escape or the Close button to return to the videos.
      </p>
      <div className="flex min-h-0 flex-1 items-center justify-center p-3 sm:p-8">
        <div className="aspect-video w-full max-w-[calc((100dvh-8rem)*16/9)] overflow-hidden rounded-lg bg-night-900 ring-1 ring-white/10">
          <iframe
            data-video-src={videoPlayerUrl(videoId)}
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
    </dialog>
  );
}
