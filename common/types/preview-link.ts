/**
 * A post's preview link as the editor lists it (docs/product/api.md#preview-links): never its
 * token, which only the answer that made the link carries, in `url`.
 */
export type PreviewLink = {
  id: string;
  createdAt: string;
  expiresAt: string;
  /** Whoever made it: their name, else their e-mail; null when unknown. */
  createdBy: string | null;
};

/** `POST /api/posts/{id}/preview-links`: the new link, with its whole address, shown once. */
export type NewPreviewLink = PreviewLink & { url: string };
