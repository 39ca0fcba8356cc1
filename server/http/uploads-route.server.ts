import { pipeline } from "node:stream/promises";
import express, { type RequestHandler } from "express";
import type { Config } from "#server/config/env.server.ts";
import { parseVariantName } from "#server/storage/image-variants.server.ts";
import {
  type ByteRange,
  UPLOAD_CACHE_CONTROL,
  type UploadStore,
  uploadContentType,
} from "#server/storage/upload-store.server.ts";
import {
  ensureImageVariant,
  isUploadFileName,
  smallerWebpCopy,
  uploadsDir,
  webpCopyName,
} from "#server/storage/uploads.server.ts";
import { acceptsWebp } from "./negotiation.server.ts";

/**
 * The policy of everything under /uploads. The files are images, but one opened on its own
 * becomes a document of this origin: it is sandboxed (no script, no forms, not same-origin) and
 * may load nothing; only the inline styles the browser's own image viewer puts on the picture
 * are allowed. It may be framed by the site only, as every other answer.
 */
export const UPLOADS_CSP =
  "sandbox; default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'";

/**
 * How long a browser or shared cache keeps a redirect to PUBLIC_UPLOADS_URL: a day, so that a
 * change of that address reaches everyone within a day (the file itself is kept a year there).
 */
export const UPLOAD_REDIRECT_MAX_AGE_SECONDS = 24 * 60 * 60;

/**
 * The handlers of /uploads/{name}, in order: the policy, the name check, variants made on
 * demand, the WebP copy for browsers that take it, then the file: a redirect to
 * PUBLIC_UPLOADS_URL when it is set, else the file from the disk folder or from the bucket,
 * with the same headers either way (docs/decisions/018-uploads-behind-a-public-address.md).
 */
export function uploadsRoute(config: Config, store: UploadStore): RequestHandler[] {
  const send = config.publicUploadsUrl
    ? redirectTo(store, config.publicUploadsUrl)
    : store.kind === "disk"
      ? express.static(uploadsDir(config.dataDir), {
          index: false,
          dotfiles: "deny",
          fallthrough: false,
          immutable: true,
          maxAge: "1y",
        })
      : sendFromStore(store);
  return [uploadsPolicy, uploadsGuard, variantsOnDemand(store), preferWebp(store), send];
}

/**
 * Who may show what /uploads answers: everyone. Uploads are public files, the same bytes for
 * every visitor, signed in or not, so another origin learns nothing by loading one that it could
 * not fetch itself; and mail clients, web mail and the dashboard's sandboxed e-mail previews (an
 * origin of their own) must show the newsletter's pictures. Every other answer keeps helmet's
 * `same-origin` (docs/decisions/035-uploads-embeddable.md).
 */
export const UPLOADS_RESOURCE_POLICY = "cross-origin";

/**
 * Every answer under /uploads, a file, a redirect or an error, carries the uploads' own policy,
 * and may be shown by any origin.
 */
const uploadsPolicy: RequestHandler = (_req, res, next) => {
  res.set({
    "Content-Security-Policy": UPLOADS_CSP,
    "Cross-Origin-Resource-Policy": UPLOADS_RESOURCE_POLICY,
  });
  next();
};

/**
 * /uploads serves image files by their plain names only: one path segment, no dot in front, an
 * image extension (so the content type is always an image type). Anything else, encoded or not,
 * never reaches the store.
 */
const uploadsGuard: RequestHandler = (req, res, next) => {
  let name: string;
  try {
    name = decodeURIComponent(req.path.slice(1));
  } catch {
    name = "";
  }
  if (name.startsWith(".") || name.includes("/") || name.includes("\\")) {
    res.status(403).json({ message: "Not allowed." });
    return;
  }
  if (!isUploadFileName(name)) {
    res.status(404).json({ message: "No such file." });
    return;
  }
  res.locals.uploadName = name;
  next();
};

/**
 * A variant of a stored image (`{stem}-480w.avif`, …) that is not stored yet, because the
 * image was stored before variants were made, is made from its original on first request.
 */
function variantsOnDemand(store: UploadStore): RequestHandler {
  return (req, res, next) => {
    const name = res.locals.uploadName as string;
    if ((req.method !== "GET" && req.method !== "HEAD") || !parseVariantName(name)) return next();
    ensureImageVariant(store, name).then(() => next(), next);
  };
}

/**
 * A stored PNG or JPEG goes out as its WebP copy to browsers that say they take WebP, when the
 * copy is smaller (every current browser does; the answer varies by Accept). The address stays
 * the same, so pages, the API and share previews keep one image URL.
 */
function preferWebp(store: UploadStore): RequestHandler {
  return (req, res, next) => {
    const name = res.locals.uploadName as string;
    if (!webpCopyName(name)) return next();
    res.vary("Accept");
    if (!acceptsWebp(req.headers.accept)) return next();
    smallerWebpCopy(store, name).then((webpName) => {
      if (webpName) {
        req.url = `/${webpName}`;
        res.locals.uploadName = webpName;
      }
      next();
    }, next);
  };
}

const noSuchFile = () => Object.assign(new Error("No such file."), { status: 404 });

/**
 * The file from the bucket, answered as express.static answers it from disk: its type, the
 * immutable Cache-Control, ETag and Last-Modified (and 304 to a request that has them), one
 * byte range (206, or 416 past the end), and no body to HEAD.
 */
function sendFromStore(store: UploadStore): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      // As express.static answers it for a file on disk.
      res.set({ Allow: "GET, HEAD", "Content-Length": "0" }).status(405).end();
      return;
    }
    const name = res.locals.uploadName as string;
    (async () => {
      const info = await store.head(name);
      if (!info) return next(noSuchFile());
      res.set({
        "Accept-Ranges": "bytes",
        "Cache-Control": UPLOAD_CACHE_CONTROL,
        "Content-Type": uploadContentType(name),
        ETag: info.etag,
        "Last-Modified": info.lastModified.toUTCString(),
      });
      if (req.fresh) {
        res.status(304).end();
        return;
      }
      let range: ByteRange | undefined;
      const ifRange = req.headers["if-range"];
      if (req.headers.range && (!ifRange || ifRange === info.etag)) {
        const ranges = req.range(info.size, { combine: true });
        if (ranges === -1) {
          const headers = { "Content-Range": `bytes */${info.size}` };
          return next(Object.assign(new Error("Range Not Satisfiable"), { status: 416, headers }));
        }
        // One range is answered as asked; several, or a malformed header, get the whole file.
        if (Array.isArray(ranges) && ranges.length === 1 && ranges[0]) {
          range = { start: ranges[0].start, end: ranges[0].end };
        }
      }
      const length = range ? range.end - range.start + 1 : info.size;
      res.set("Content-Length", String(length));
      if (range) {
        res.status(206).set("Content-Range", `bytes ${range.start}-${range.end}/${info.size}`);
      }
      if (req.method === "HEAD") {
        res.end();
        return;
      }
      const file = await store.get(name, range);
      if (!file) return next(noSuchFile());
      await pipeline(file.body, res);
    })().catch((error: unknown) => {
      if (res.headersSent) res.destroy();
      else next(error);
    });
  };
}

/**
 * A redirect to the file at PUBLIC_UPLOADS_URL (a CDN or the bucket's public address), for a
 * file the store holds; 404 for one it does not. Browsers and shared caches keep the redirect
 * for a day (UPLOAD_REDIRECT_MAX_AGE_SECONDS).
 */
function redirectTo(store: UploadStore, publicUrl: string): RequestHandler {
  return (_req, res, next) => {
    const name = res.locals.uploadName as string;
    store.exists(name).then((exists) => {
      if (!exists) return next(noSuchFile());
      res.set("Cache-Control", `public, max-age=${UPLOAD_REDIRECT_MAX_AGE_SECONDS}`);
      res.redirect(302, `${publicUrl}/${encodeURIComponent(name)}`);
    }, next);
  };
}
