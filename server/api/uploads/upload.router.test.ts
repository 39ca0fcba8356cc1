import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_IMAGE_SIDE, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "#common/constants.ts";
import { uploadsDir } from "#server/storage/uploads.server.ts";
import { readError } from "#tests/helpers/http.ts";
import { noisePng, pngClaimingSize, solidImage, uploadImage } from "#tests/helpers/images.ts";
import { type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

const STORED_NAME = /^\/uploads\/([0-9a-f]{32})\.(png|jpg)$/;

describeEachDatabase("POST /api/upload/image", (kind) => {
  let server: TestServer;
  let employee: SignedIn;
  beforeAll(async () => {
    server = await startTestServer(kind);
    employee = await signInAs(server, "employee");
  });
  afterAll(() => server?.close());

  const dir = () => uploadsDir(server.db.dataDir);
  const filesInUploads = () => (existsSync(dir()) ? readdirSync(dir()).sort() : []);

  /** Uploads, expects 201 {url}, and answers the stored file's name and bytes. */
  async function uploadOk(file: Parameters<typeof uploadImage>[2]) {
    const response = await uploadImage(server, employee, file);
    expect(response.status, await response.clone().text()).toBe(201);
    const body = (await response.json()) as { url: string };
    expect(Object.keys(body)).toEqual(["url"]);
    const match = STORED_NAME.exec(body.url);
    expect(match, body.url).not.toBeNull();
    const name = body.url.slice("/uploads/".length);
    return {
      url: body.url,
      name,
      stem: match?.[1] ?? "",
      bytes: readFileSync(path.join(dir(), name)),
    };
  }

  it("stores a PNG under a random name, serves it at the answered url, and writes a WebP beside it", async () => {
    const png = await solidImage("png", 640, 480);
    const stored = await uploadOk({ bytes: png, name: "banner.png", type: "image/png" });
    expect(stored.name).not.toContain("banner");

    const served = await server.request(stored.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(stored.bytes)).toBe(true);

    expect(await sharp(stored.bytes).metadata()).toMatchObject({
      format: "png",
      width: 640,
      height: 480,
    });
    const webp = readFileSync(path.join(dir(), `${stored.stem}.webp`));
    expect(await sharp(webp).metadata()).toMatchObject({ format: "webp", width: 640, height: 480 });
    const servedWebp = await server.request(`/uploads/${stored.stem}.webp`);
    expect(servedWebp.headers.get("content-type")).toBe("image/webp");
  });

  it("writes AVIF and WebP variants at 480, 960 and 1440 px wide, never wider than the image, and serves them with their types", async () => {
    const png = await solidImage("png", 1200, 630);
    const stored = await uploadOk({ bytes: png, name: "cover.png", type: "image/png" });
    for (const [width, expected] of [
      [480, 480],
      [960, 960],
      [1440, 1200],
    ] as const) {
      for (const format of ["avif", "webp"] as const) {
        const name = `${stored.stem}-${width}w.${format}`;
        expect(filesInUploads(), name).toContain(name);
        const served = await server.request(`/uploads/${name}`);
        expect(served.status, name).toBe(200);
        expect(served.headers.get("content-type"), name).toBe(`image/${format}`);
        expect(served.headers.get("cache-control"), name).toContain("immutable");
        const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
        expect(meta.format === "heif" ? "avif" : meta.format, name).toBe(format);
        expect(meta.width, name).toBe(expected);
        expect(meta.height, name).toBe(Math.round((expected * 630) / 1200));
      }
    }
  });

  it("makes a missing variant of an image stored before variants existed on first request, and keeps it", async () => {
    const stem = "0123456789abcdef0123456789abcdef";
    await sharp(await solidImage("png", 800, 400)).toFile(path.join(dir(), `${stem}.png`));
    const name = `${stem}-480w.avif`;
    expect(existsSync(path.join(dir(), name))).toBe(false);

    const served = await server.request(`/uploads/${name}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/avif");
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(480);
    expect(existsSync(path.join(dir(), name))).toBe(true);
    // Not wider than the original; other names and widths stay unknown.
    const wide = await server.request(`/uploads/${stem}-1440w.webp`);
    expect((await sharp(Buffer.from(await wide.arrayBuffer())).metadata()).width).toBe(800);
    expect((await server.request(`/uploads/${stem}-500w.avif`)).status).toBe(404);
    expect((await server.request(`/uploads/${"f".repeat(32)}-480w.avif`)).status).toBe(404);
    expect(filesInUploads().filter((file) => file.startsWith(".upload-"))).toEqual([]);
  });

  it("judges the type by content: a PNG named .txt and sent as text/plain is stored as a PNG", async () => {
    const png = await solidImage("png", 32, 32);
    const stored = await uploadOk({ bytes: png, name: "notes.txt", type: "text/plain" });
    expect(stored.name).toMatch(/\.png$/);
    expect((await sharp(stored.bytes).metadata()).format).toBe("png");
  });

  it("stores a JPEG as a JPEG, even when named .png", async () => {
    const jpeg = await solidImage("jpeg", 120, 80);
    const stored = await uploadOk({ bytes: jpeg, name: "photo.png", type: "image/png" });
    expect(stored.name).toMatch(/\.jpg$/);
    const served = await server.request(stored.url);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect((await sharp(stored.bytes).metadata()).format).toBe("jpeg");
  });

  it("strips metadata (EXIF, author, orientation) and turns the picture upright first", async () => {
    // 300 x 200 pixels stored sideways: orientation 6 means "rotate 90° clockwise to view".
    const jpeg = await solidImage("jpeg", 300, 200, {
      orientation: 6,
      exif: { Artist: "Someone Private", Copyright: "Secret Location" },
    });
    const before = await sharp(jpeg).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);

    const stored = await uploadOk({ bytes: jpeg, name: "phone.jpg", type: "image/jpeg" });
    const after = await sharp(stored.bytes).metadata();
    expect(after).toMatchObject({ width: 200, height: 300 });
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(stored.bytes.includes("Someone Private")).toBe(false);

    const png = await solidImage("png", 64, 64, { exif: { Artist: "Someone Private" } });
    const storedPng = await uploadOk({ bytes: png, name: "a.png", type: "image/png" });
    expect((await sharp(storedPng.bytes).metadata()).exif).toBeUndefined();
    expect(storedPng.bytes.includes("Someone Private")).toBe(false);
  });

  it(`caps the longest side at ${MAX_IMAGE_SIDE} px, keeping the proportions, in both files`, async () => {
    const wide = await solidImage("png", 4800, 1200);
    const stored = await uploadOk({ bytes: wide, name: "wide.png", type: "image/png" });
    expect(await sharp(stored.bytes).metadata()).toMatchObject({
      width: MAX_IMAGE_SIDE,
      height: 600,
    });
    const webp = readFileSync(path.join(dir(), `${stored.stem}.webp`));
    expect(await sharp(webp).metadata()).toMatchObject({ width: MAX_IMAGE_SIDE, height: 600 });

    const tall = await solidImage("jpeg", 1000, 3000);
    const storedTall = await uploadOk({ bytes: tall, name: "tall.jpg", type: "image/jpeg" });
    expect(await sharp(storedTall.bytes).metadata()).toMatchObject({ width: 800, height: 2400 });
  });

  it("never enlarges a small image", async () => {
    const small = await solidImage("png", 10, 7);
    const stored = await uploadOk({ bytes: small, name: "tiny.png", type: "image/png" });
    expect(await sharp(stored.bytes).metadata()).toMatchObject({ width: 10, height: 7 });
  });

  describe("refusals", () => {
    it("answers 415 for a text file named .png, an SVG, a GIF and a WebP, storing nothing", async () => {
      const before = filesInUploads();
      const files = [
        { bytes: Buffer.from("just some text\n"), name: "image.png", type: "image/png" },
        {
          bytes: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
          ),
          name: "logo.svg",
          type: "image/svg+xml",
        },
        { bytes: await solidImage("gif", 16, 16), name: "anim.gif", type: "image/gif" },
        { bytes: await solidImage("webp", 16, 16), name: "pic.webp", type: "image/webp" },
        {
          bytes: Buffer.from("<html><script>alert(1)</script>"),
          name: "x.jpg",
          type: "image/jpeg",
        },
      ];
      for (const file of files) {
        const body = await readError(await uploadImage(server, employee, file), 415);
        expect(body, file.name).toEqual({ message: UPLOAD_MESSAGES.wrongType });
      }
      expect(filesInUploads()).toEqual(before);
    });

    it("answers 400 for a truncated PNG", async () => {
      const png = await noisePng(400, 300);
      const truncated = png.subarray(0, Math.floor(png.length * 0.6));
      const body = await readError(
        await uploadImage(server, employee, {
          bytes: truncated,
          name: "cut.png",
          type: "image/png",
        }),
        400,
      );
      expect(body).toEqual({ message: UPLOAD_MESSAGES.broken });
    });

    it("answers 400 for a PNG signature followed by garbage", async () => {
      const bytes = Buffer.concat([
        (await solidImage("png", 8, 8)).subarray(0, 8),
        Buffer.alloc(200, 7),
      ]);
      const body = await readError(
        await uploadImage(server, employee, { bytes, name: "bad.png", type: "image/png" }),
        400,
      );
      expect(body).toEqual({ message: UPLOAD_MESSAGES.broken });
    });

    it("answers 413 for a file over 10 MB", async () => {
      const bytes = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
      (await solidImage("png", 8, 8)).copy(bytes);
      const body = await readError(
        await uploadImage(server, employee, { bytes, name: "big.png", type: "image/png" }),
        413,
      );
      expect(body).toEqual({ message: UPLOAD_MESSAGES.tooLarge });
    });

    it("answers 413 for an image whose header claims more than 40 megapixels, without decoding it", async () => {
      const before = filesInUploads();
      for (const [width, height] of [
        [100_000, 100_000],
        [8000, 5001],
      ] as const) {
        const bytes = pngClaimingSize(width, height);
        expect(bytes.length).toBeLessThan(200);
        const body = await readError(
          await uploadImage(server, employee, { bytes, name: "bomb.png", type: "image/png" }),
          413,
        );
        expect(body, `${width}x${height}`).toEqual({ message: UPLOAD_MESSAGES.tooManyPixels });
      }
      expect(filesInUploads()).toEqual(before);
    });

    it("answers 400 when the image is not in the field 'image', or there is no file", async () => {
      const png = await solidImage("png", 8, 8);
      await readError(
        await uploadImage(server, employee, {
          bytes: png,
          name: "a.png",
          type: "image/png",
          field: "file",
        }),
        400,
      );
      const json = await server.request("/api/upload/image", {
        method: "POST",
        headers: {
          origin: server.url,
          cookie: employee.cookie,
          "content-type": "application/json",
        },
        body: JSON.stringify({ image: "data:image/png;base64,AAAA" }),
      });
      expect((await readError(json, 400)).message).toMatch(/form field "image"/);
      const two = new FormData();
      two.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "a.png");
      two.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "b.png");
      const twoFiles = await server.request("/api/upload/image", {
        method: "POST",
        headers: { origin: server.url, cookie: employee.cookie },
        body: two,
      });
      await readError(twoFiles, 400);
    });

    it("answers 400 for a multipart body that is cut short", async () => {
      const response = await server.request("/api/upload/image", {
        method: "POST",
        headers: {
          origin: server.url,
          cookie: employee.cookie,
          "content-type": "multipart/form-data; boundary=XYZ",
        },
        body: '--XYZ\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
      });
      expect((await readError(response, 400)).message).toMatch(/incomplete or malformed/);
    });

    it("answers 401 signed out and 403 without staff access, storing nothing", async () => {
      const before = filesInUploads();
      const png = await solidImage("png", 8, 8);
      const file = { bytes: png, name: "a.png", type: "image/png" };
      await readError(await uploadImage(server, { cookie: "" }, file), 401);
      await readError(await uploadImage(server, await signInAs(server, "no-access"), file), 403);
      await readError(await uploadImage(server, await signInAs(server, "inactive"), file), 403);
      expect(filesInUploads()).toEqual(before);
    });
  });
});
