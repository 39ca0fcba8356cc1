import { GlobeIcon, PencilIcon, ShoppingBagIcon, Trash2Icon } from "lucide-react";
import { type RowAction, RowActions } from "#app/components/dashboard/row-actions.tsx";
import { editPostPath } from "#app/components/dashboard/sections.ts";
import { useConfirmDeletePost } from "#app/features/post-list/use-confirm-delete-post.ts";
import { postPath } from "#common/paths.ts";
import type { StaffPostRow } from "#common/types/post-list.ts";

/**
 * A row's actions in one quiet menu (docs/product/dashboard.md#content-lists): Edit, View on the
 * site (only while the public can see it), Open on the marketplace (when it has a link), and
 * Delete, in red, asked first.
 */
export function PostRowMenu({ post }: { post: StaffPostRow }) {
  const { confirmAndDelete, isDeleting } = useConfirmDeletePost();
  const actions: RowAction[] = [{ label: "Edit", icon: PencilIcon, href: editPostPath(post.id) }];
  if (post.status === "published") {
    actions.push({
      label: "View on the site",
      icon: GlobeIcon,
      href: postPath(post.slug),
      external: true,
    });
  }
  if (post.marketplaceUrl) {
    actions.push({
      label: "Open on the marketplace",
      icon: ShoppingBagIcon,
      href: post.marketplaceUrl,
      external: true,
    });
  }
  actions.push({
    label: "Delete",
    icon: Trash2Icon,
    destructive: true,
    disabled: isDeleting,
    onSelect: () => void confirmAndDelete(post),
  });
  return <RowActions name={post.title} actions={actions} />;
}
