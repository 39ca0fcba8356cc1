import {
  EllipsisIcon,
  ExternalLinkIcon,
  GlobeIcon,
  PencilIcon,
  ShoppingBagIcon,
  Trash2Icon,
} from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { Link } from "react-router";
import { editPostPath, publicPostPath } from "#app/features/posts/post-paths.ts";
import { useConfirmDeletePost } from "#app/features/posts/use-confirm-delete-post.ts";
import { cn } from "#app/lib/cn.ts";
import type { StaffPostRow } from "#common/types/post-list.ts";

const ITEM =
  "flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-zinc-200 outline-none select-none data-[highlighted]:bg-white/10 data-[highlighted]:text-white [&_svg]:size-4 [&_svg]:shrink-0";

/**
 * A row's actions in one quiet menu (docs/product.md#content-lists): Edit, View on the site
 * (only while the public can see it), Open on the marketplace (when it has a link), and Delete,
 * in red, asked first.
 */
export function PostRowMenu({ post }: { post: StaffPostRow }) {
  const { confirmAndDelete, isDeleting } = useConfirmDeletePost();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Actions for ${post.title}`}
        className="inline-flex size-9 items-center justify-center rounded-md text-zinc-400 hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-diamond-400 focus-visible:outline-none data-[state=open]:bg-white/10 data-[state=open]:text-white"
      >
        <EllipsisIcon aria-hidden="true" className="size-5" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-52 rounded-md bg-night-900 p-1 shadow-xl ring-1 ring-night-600"
        >
          <DropdownMenu.Item asChild className={ITEM}>
            <Link to={editPostPath(post)}>
              <PencilIcon aria-hidden="true" />
              Edit
            </Link>
          </DropdownMenu.Item>
          {post.status === "published" ? (
            <DropdownMenu.Item asChild className={ITEM}>
              <a href={publicPostPath(post)} target="_blank" rel="noopener noreferrer">
                <GlobeIcon aria-hidden="true" />
                View on the site
                <ExternalLinkIcon aria-hidden="true" className="ml-auto text-zinc-500" />
              </a>
            </DropdownMenu.Item>
          ) : null}
          {post.marketplaceUrl ? (
            <DropdownMenu.Item asChild className={ITEM}>
              <a href={post.marketplaceUrl} target="_blank" rel="noopener noreferrer">
                <ShoppingBagIcon aria-hidden="true" />
                Open on the marketplace
                <ExternalLinkIcon aria-hidden="true" className="ml-auto text-zinc-500" />
              </a>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-night-700" />
          <DropdownMenu.Item
            className={cn(ITEM, "text-redstone-400 data-[highlighted]:text-redstone-300")}
            disabled={isDeleting}
            onSelect={() => {
              void confirmAndDelete(post);
            }}
          >
            <Trash2Icon aria-hidden="true" />
            Delete
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
