import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import type { SignedIn } from "./staff.ts";
import type { TestServer } from "./test-server.ts";

/** A PNG of random pixels (so it does not compress away), `width` x `height`. */
export function noisePng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + (i >> 5) * 104729) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/**
 * A plain image in `format` (of one `background` colour), optionally carrying EXIF (camera,
 * author, GPS…) metadata.
 */
export function solidImage(
  format: "png" | "jpeg" | "gif" | "webp",
  width: number,
  height: number,
  {
    exif,
    orientation,
    background = "#22d3ee",
  }: { exif?: Record<string, string>; orientation?: number; background?: string } = {},
): Promise<Buffer> {
  let image = sharp({ create: { width, height, channels: 3, background } });
  if (exif || orientation) {
    image = image.withMetadata({
      ...(orientation ? { orientation } : {}),
      ...(exif ? { exif: { IFD0: exif } } : {}),
    });
  }
  return image.toFormat(format).toBuffer();
}

/**
 * A well-formed PNG whose header claims `width` x `height` but whose pixel data is tiny: it is
 * only dangerous if something decodes it.
 */
export function pngClaimingSize(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typeAndData));
    return Buffer.concat([length, typeAndData, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(64))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** `POST /api/upload/image` as the editor's file input sends it (multipart, field "image"). */
export function uploadImage(
  server: TestServer,
  who: Pick<SignedIn, "cookie">,
  file: { bytes: Uint8Array; name: string; type: string; field?: string },
): Promise<Response> {
  const form = new FormData();
  form.append(
    file.field ?? "image",
    new Blob([new Uint8Array(file.bytes)], { type: file.type }),
    file.name,
  );
  const headers: Record<string, string> = { origin: server.url };
  if (who.cookie) headers.cookie = who.cookie;
  return server.request("/api/upload/image", { method: "POST", headers, body: form });
}
