import { XIcon } from "lucide-react";
import { cn } from "#app/lib/cn.ts";
import type { ImageUpload, UploadNotice } from "./use-image-uploads.ts";

/**
 * The line under the content about its images: each upload under way with its progress, then
 * what became of it. A failure is announced (role alert) in the words the featured image uses;
 * the rest is polite news (role status), which is always in the page so that screen readers
 * notice what is added to it.
 */
export function UploadStatus({
  uploads,
  notice,
  onDismiss,
}: {
  uploads: ImageUpload[];
  notice: UploadNotice | null;
  onDismiss: () => void;
}) {
  const empty = uploads.length === 0 && notice === null;
  return (
    <div
      data-slot="editor-upload-status"
      className={cn(
        "flex items-start gap-3 px-4 text-sm sm:px-6",
        !empty && "border-t border-night-700 py-3",
      )}
    >
      <div className="min-w-0 flex-1 space-y-2">
        <div role="status" className="space-y-2">
          {uploads.map((upload) => {
            const percent = Math.round(upload.progress * 100);
            return (
              <div key={upload.id} className="flex items-center gap-3">
                <span className="min-w-0 truncate text-zinc-300">{`Uploading ${upload.name}...`}</span>
                <progress
                  aria-label={`Upload progress of ${upload.name}`}
                  max={100}
                  value={percent}
                  className="h-2 w-32 shrink-0 overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-night-800 [&::-webkit-progress-value]:bg-grass-500"
                />
                <span className="text-xs text-zinc-400" aria-hidden="true">
                  {percent}%
                </span>
              </div>
            );
          })}
          {notice?.kind === "done" ? <p className="text-zinc-300">{notice.message}</p> : null}
        </div>
        {notice?.kind === "failure" ? (
          <p role="alert" className="text-redstone-400">
            {notice.message}
          </p>
        ) : null}
      </div>
      {notice ? (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss"
          title="Dismiss"
          className="shrink-0 rounded-md p-1 text-zinc-400 hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-diamond-400 focus-visible:outline-none"
        >
          <XIcon aria-hidden="true" className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
