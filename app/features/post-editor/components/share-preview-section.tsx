import { CopyIcon, LinkIcon } from "lucide-react";
import * as React from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { useConfirm } from "#app/components/ui/confirm-dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import {
  useCreatePreviewLink,
  usePreviewLinks,
  useRevokePreviewLink,
} from "#app/features/post-editor/api/preview-links.ts";
import { useFailureToast } from "#app/features/post-editor/use-failure-toast.ts";
import { savedTimeLabel } from "#app/lib/saved-time.ts";
import {
  DEFAULT_PREVIEW_LINK_DAYS,
  PREVIEW_LINK_DAYS,
  type PreviewLinkDays,
} from "#common/constants.ts";
import type { NewPreviewLink } from "#common/types/preview-link.ts";

/**
 * 'Share preview' (docs/product/editor.md#share-preview): makes a link that shows the saved post
 * to someone without an account, shows it once with a Copy button, and lists the live links with
 * their expiry and a Revoke button.
 */
export function SharePreviewSection({ postId }: { postId: string }) {
  const toast = useToast();
  const confirm = useConfirm();
  const failed = useFailureToast();
  const links = usePreviewLinks(postId);
  const createCall = useCreatePreviewLink(postId);
  const revokeCall = useRevokePreviewLink(postId);
  const [days, setDays] = React.useState<PreviewLinkDays>(DEFAULT_PREVIEW_LINK_DAYS);
  const [created, setCreated] = React.useState<NewPreviewLink | null>(null);

  async function create() {
    try {
      setCreated(await createCall.mutateAsync(days));
    } catch (error) {
      failed("create the preview link", error);
    }
  }

  async function revoke(linkId: string) {
    const confirmed = await confirm({
      title: "Revoke this preview link?",
      description: "Whoever has it will no longer be able to open the preview.",
      confirmLabel: "Revoke",
      destructive: true,
    });
    if (!confirmed) return;
    try {
      await revokeCall.mutateAsync(linkId);
      if (created?.id === linkId) setCreated(null);
      toast({ title: "Preview link revoked" });
    } catch (error) {
      failed("revoke the preview link", error);
    }
  }

  return (
    <Card
      as="section"
      aria-labelledby="share-preview-title"
      layout="plain"
      className="space-y-4 p-5"
    >
      <div>
        <h2 id="share-preview-title" className="text-lg font-bold text-white">
          Share preview
        </h2>
        <p className="mt-1 text-sm text-zinc-400">
          Anyone with the link sees the saved post as its page will look, without signing in.
        </p>
      </div>
      <PreviewLinkMaker
        days={days}
        onDaysChange={setDays}
        onCreate={create}
        pending={createCall.isPending}
      />
      {created ? <NewPreviewLinkField url={created.url} /> : null}
      <PreviewLinkList
        links={links.data}
        loading={links.isPending}
        revoking={revokeCall.isPending}
        onRevoke={revoke}
      />
    </Card>
  );
}

/** How long the new link works, and Create link. */
function PreviewLinkMaker({
  days,
  onDaysChange,
  onCreate,
  pending,
}: {
  days: PreviewLinkDays;
  onDaysChange: (days: PreviewLinkDays) => void;
  onCreate: () => void;
  pending: boolean;
}) {
  return (
    <div className="flex items-end gap-2">
      <div className="flex-1">
        <Label htmlFor="preview-link-days">Link works for</Label>
        <NativeSelect
          id="preview-link-days"
          value={days}
          onChange={(event) => onDaysChange(Number(event.target.value) as PreviewLinkDays)}
        >
          {PREVIEW_LINK_DAYS.map((option) => (
            <option key={option} value={option}>
              {option === 1 ? "1 day" : `${option} days`}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="button" variant="secondary" onClick={onCreate} disabled={pending}>
        <LinkIcon aria-hidden="true" />
        {pending ? "Creating..." : "Create link"}
      </Button>
    </div>
  );
}

/** A link just made, shown this once, with Copy. */
function NewPreviewLinkField({ url }: { url: string }) {
  const toast = useToast();
  const urlRef = React.useRef<HTMLInputElement>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Link copied to clipboard!" });
    } catch {
      // No clipboard access (an insecure origin, a denied permission): select it for Ctrl+C.
      urlRef.current?.select();
      toast({ title: "Copy the selected link with Ctrl+C or ⌘C" });
    }
  }

  return (
    <div className="space-y-1.5">
      <Label htmlFor="preview-link-url">New preview link</Label>
      <div className="flex gap-2">
        <Input
          id="preview-link-url"
          ref={urlRef}
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button type="button" variant="secondary" onClick={copy}>
          <CopyIcon aria-hidden="true" />
          Copy
        </Button>
      </div>
      <p className="text-sm text-zinc-400">Copy it now: it is shown only once.</p>
    </div>
  );
}

function PreviewLinkList({
  links,
  loading,
  revoking,
  onRevoke,
}: {
  links: ReturnType<typeof usePreviewLinks>["data"];
  loading: boolean;
  revoking: boolean;
  onRevoke: (linkId: string) => void;
}) {
  if (loading) return <p className="text-sm text-zinc-400">Loading links...</p>;
  if (!links || links.length === 0) {
    return <p className="text-sm text-zinc-400">No live preview links.</p>;
  }
  return (
    <ul aria-label="Live preview links" className="divide-y divide-night-700">
      {links.map((link) => (
        <li key={link.id} className="flex items-center justify-between gap-3 py-2 text-sm">
          <span className="text-zinc-300">
            Expires{" "}
            <time dateTime={link.expiresAt} className="text-zinc-100">
              {savedTimeLabel(link.expiresAt)}
            </time>
            {link.createdBy ? (
              <span className="block text-zinc-400">by {link.createdBy}</span>
            ) : null}
          </span>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            disabled={revoking}
            onClick={() => onRevoke(link.id)}
          >
            Revoke
          </Button>
        </li>
      ))}
    </ul>
  );
}
