import { previewLinkPath } from "#common/paths.ts";
import type { NewPreviewLink, PreviewLink } from "#common/types/preview-link.ts";
import type { PreviewLinkRow } from "#server/db/tables.ts";

/** A link as the service reads it, with the display name of whoever made it. */
type PreviewLinkRecord = Pick<PreviewLinkRow, "id" | "createdAt" | "expiresAt"> & {
  makerName: string | null;
};

/** A preview link as the editor lists it: who made it and when it ends, never its token. */
export function presentPreviewLink(record: PreviewLinkRecord): PreviewLink {
  return {
    id: record.id,
    createdAt: record.createdAt,
    expiresAt: record.expiresAt,
    createdBy: record.makerName,
  };
}

/** A link just made, with its whole address on the site's origin: the only time it is shown. */
export function presentNewPreviewLink(
  record: PreviewLinkRecord,
  token: string,
  siteUrl: string,
): NewPreviewLink {
  const url = `${siteUrl.replace(/\/+$/, "")}${previewLinkPath(token)}`;
  return { ...presentPreviewLink(record), url };
}
