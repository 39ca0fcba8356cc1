import { EyeOffIcon, SendIcon, Trash2Icon, XIcon } from "lucide-react";
import { Button } from "#app/components/ui/button.tsx";
import { useConfirm } from "#app/components/ui/confirm-dialog.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { errorMessage, isApiError } from "#app/lib/api-client.ts";
import { useBulkPosts } from "#app/lib/bulk-posts.ts";
import type { BulkPostAction as BulkAction } from "#common/constants.ts";
import {
  type BulkWords,
  bulkQuestion,
  bulkResultToast,
  countOf,
  POST_BULK_WORDS,
} from "./bulk-texts.ts";

/**
 * The bar over a table of posts while rows are selected (docs/product/dashboard.md#content-lists,
 * #marketplace-section): how many, and Publish, Unpublish and Delete for all of them, each asked
 * once, naming how many and what the public will see; then a toast with what changed and what was
 * left as it was, and why. `words` name the rows (posts unless told).
 */
export function BulkBar({
  ids,
  onDone,
  words = POST_BULK_WORDS,
}: {
  ids: string[];
  onDone: () => void;
  words?: BulkWords;
}) {
  const confirm = useConfirm();
  const toast = useToast();
  const bulk = useBulkPosts();
  const count = ids.length;

  async function run(action: BulkAction) {
    const question = bulkQuestion(action, count, words);
    if (!(await confirm(question))) return;
    try {
      const result = await bulk.mutateAsync({ action, ids });
      toast(bulkResultToast(action, result, words));
      onDone();
    } catch (error) {
      if (isApiError(error, 401)) return;
      toast({
        title: "Error",
        description: errorMessage(
          error,
          `The ${words.many} could not be changed. Please try again.`,
        ),
        variant: "destructive",
      });
    }
  }

  return (
    <section
      aria-label={`Selected ${words.many}`}
      data-slot="bulk-bar"
      className="sticky top-16 z-10 mb-3 flex flex-wrap items-center gap-2 rounded-md bg-night-850 px-3 py-2 ring-1 ring-grass-500/40"
    >
      <p role="status" className="mr-auto text-sm font-semibold text-white">
        {`${countOf(count, words)} selected`}
      </p>
      <Button
        size="sm"
        variant="secondary"
        disabled={bulk.isPending}
        onClick={() => run("publish")}
      >
        <SendIcon aria-hidden="true" />
        Publish
      </Button>
      <Button
        size="sm"
        variant="secondary"
        disabled={bulk.isPending}
        onClick={() => run("unpublish")}
      >
        <EyeOffIcon aria-hidden="true" />
        Unpublish
      </Button>
      <Button
        size="sm"
        variant="secondary"
        disabled={bulk.isPending}
        onClick={() => run("delete")}
        className="text-redstone-400"
      >
        <Trash2Icon aria-hidden="true" />
        Delete
      </Button>
      <Button size="sm" variant="ghost" onClick={onDone} aria-label="Clear selection">
        <XIcon aria-hidden="true" />
      </Button>
    </section>
  );
}
