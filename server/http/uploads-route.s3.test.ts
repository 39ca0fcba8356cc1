import { existsSync } from "node:fs";
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FAULT_MESSAGES, RETRY_AFTER_SECONDS } from "#server/errors.ts";
import { uploadsDir } from "#server/storage/disk-store.server.ts";
import { uploadImage } from "#tests/helpers/images.ts";
import { startS3Server, type TestS3Server } from "#tests/helpers/s3-server.ts";
import { type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";
import { allowConsoleError } from "#tests/setup/setup-test-env.ts";

// Uploads kept in a bucket on a real S3-protocol server (s3rver on loopback): uploaded through
// the API, served by /uploads with the headers the disk folder's files get (compared with a
// server keeping them on disk), or redirected to PUBLIC_UPLOADS_URL.

const ACCEPT_WEBP = "image/avif,image/webp,*/*";

/** A PNG of smooth colours, whose WebP copy is far smaller (so browsers taking WebP get it). */
function smoothPng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = ((x * y) >> 6) & 255;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

let s3: TestS3Server;
let disk: TestServer;
let bucket: TestServer;
let onDisk: SignedIn;
let inBucket: SignedIn;
let image: Buffer;
beforeAll(async () => {
  s3 = await startS3Server();
  [disk, bucket, image] = await Promise.all([
    startTestServer("sqlite"),
    startTestServer("sqlite", s3.env),
    smoothPng(400, 300),
  ]);
  [onDisk, inBucket] = await Promise.all([
    signInAs(disk, "employee"),
    signInAs(bucket, "employee"),
  ]);
});
afterAll(async () => {
  await Promise.all([disk?.close(), bucket?.close()]);
  await s3?.close();
});

const client = () => s3.client;

async function objectNames(): Promise<string[]> {
  const page = await client().send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  return (page.Contents ?? []).map((object) => object.Key ?? "").sort();
}

async function objectBytes(name: string): Promise<Buffer> {
  const object = await client().send(new GetObjectCommand({ Bucket: s3.bucket, Key: name }));
  return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
}

/** Uploads `image` as the signed-in employee and answers the stored name. */
async function upload(server: TestServer, who: SignedIn): Promise<string> {
  const response = await uploadImage(server, who, {
    bytes: image,
    name: "a.png",
    type: "image/png",
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const { url } = (await response.json()) as { url: string };
  expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
  return url.slice("/uploads/".length);
}

/** The headers both stores must answer alike (values that differ by nature are only present). */
function comparable(response: Response) {
  const h = response.headers;
  return {
    status: response.status,
    contentType: h.get("content-type"),
    contentLength: h.get("content-length"),
    cacheControl: h.get("cache-control"),
    acceptRanges: h.get("accept-ranges"),
    contentRange: h.get("content-range"),
    contentLocation: h.get("location"),
    vary: h.get("vary"),
    nosniff: h.get("x-content-type-options"),
    allow: h.get("allow"),
    csp: h.get("content-security-policy"),
    resourcePolicy: h.get("cross-origin-resource-policy"),
    etag: h.get("etag") === null ? "none" : "present",
    lastModified: h.get("last-modified") === null ? "none" : "present",
  };
}

describe("uploads in a bucket", () => {
  let name: string;
  let diskName: string;
  beforeAll(async () => {
    [name, diskName] = await Promise.all([upload(bucket, inBucket), upload(disk, onDisk)]);
  });

  it("stores the upload, its WebP copy and its variants as objects, and nothing on disk", async () => {
    const stem = name.replace(/\.png$/, "");
    const variants = [480, 960, 1440].flatMap((w) => [`${stem}-${w}w.avif`, `${stem}-${w}w.webp`]);
    expect(await objectNames()).toEqual([name, `${stem}.webp`, ...variants].sort());
    expect(existsSync(uploadsDir(bucket.config.dataDir))).toBe(false);
  });

  it("serves the object's bytes at /uploads/{name}", async () => {
    const response = await bucket.request(`/uploads/${name}`);
    expect(response.status).toBe(200);
    const served = Buffer.from(await response.arrayBuffer());
    expect(served.equals(await objectBytes(name))).toBe(true);
    expect(served.subarray(1, 4).toString()).toBe("PNG");
  });

  const cases: [string, (name: string) => [string, RequestInit?]][] = [
    ["GET", (n) => [`/uploads/${n}`]],
    ["GET taking WebP", (n) => [`/uploads/${n}`, { headers: { accept: ACCEPT_WEBP } }]],
    ["HEAD", (n) => [`/uploads/${n}`, { method: "HEAD" }]],
    ["GET of one range", (n) => [`/uploads/${n}`, { headers: { range: "bytes=0-99" } }]],
    [
      "GET of a range past the end",
      (n) => [`/uploads/${n}`, { headers: { range: "bytes=9999999-" } }],
    ],
    ["GET of a variant", (n) => [`/uploads/${n.replace(".png", "-480w.avif")}`]],
    ["GET of a missing file", () => ["/uploads/0123456789abcdef.png"]],
    ["POST", (n) => [`/uploads/${n}`, { method: "POST", body: "x" }]],
    ["DELETE", (n) => [`/uploads/${n}`, { method: "DELETE" }]],
    ["GET of a name no upload has", () => ["/uploads/notes.txt"]],
  ];

  it.each(cases)("answers %s with the headers the disk folder's file gets", async (_, request) => {
    const [fromDisk, fromBucket] = await Promise.all([
      disk.request(...request(diskName)),
      bucket.request(...request(name)),
    ]);
    expect(comparable(fromBucket)).toEqual(comparable(fromDisk));
    const [diskBody, bucketBody] = await Promise.all([
      fromDisk.arrayBuffer(),
      fromBucket.arrayBuffer(),
    ]);
    // The same image re-encoded the same way: the same bytes, whichever store keeps them.
    expect(Buffer.from(bucketBody).equals(Buffer.from(diskBody))).toBe(true);
  });

  it("sends the smaller WebP copy to a browser that takes WebP", async () => {
    const response = await bucket.request(`/uploads/${name}`, { headers: { accept: ACCEPT_WEBP } });
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(
      Buffer.from(await response.arrayBuffer()).equals(
        await objectBytes(name.replace(".png", ".webp")),
      ),
    ).toBe(true);
  });

  // fetch() adds Cache-Control: no-cache to a conditional request that names no Cache-Control,
  // which asks the server to ignore the condition; a browser revalidating sends max-age=0.
  const REVALIDATE = { "cache-control": "max-age=0" };

  it("answers 304 to a request carrying the object's ETag or a later date", async () => {
    const first = await bucket.request(`/uploads/${name}`);
    await first.arrayBuffer();
    const etag = first.headers.get("etag") ?? "";
    const lastModified = first.headers.get("last-modified") ?? "";
    const byTag = await bucket.request(`/uploads/${name}`, {
      headers: { "if-none-match": etag, ...REVALIDATE },
    });
    expect(byTag.status).toBe(304);
    const byDate = await bucket.request(`/uploads/${name}`, {
      headers: { "if-modified-since": lastModified, ...REVALIDATE },
    });
    expect(byDate.status).toBe(304);
    const changed = await bucket.request(`/uploads/${name}`, {
      headers: { "if-none-match": '"something-else"', ...REVALIDATE },
    });
    expect(changed.status).toBe(200);
    await changed.arrayBuffer();
  });

  it("makes a variant that is not in the bucket from its original on first request", async () => {
    const variant = name.replace(".png", "-960w.webp");
    await client().send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: variant }));
    // This process remembers that the object existed; another process would not.
    const fresh = await startTestServer("sqlite", s3.env);
    try {
      const response = await fresh.request(`/uploads/${variant}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      await response.arrayBuffer();
      expect(await objectNames()).toContain(variant);
    } finally {
      await fresh.close();
    }
  });

  it("checks a featured image named by the post against the bucket", async () => {
    const headers = {
      origin: bucket.url,
      cookie: inBucket.cookie,
      "content-type": "application/json",
    };
    const post = (featuredImage: string) =>
      bucket.postJson(
        "/api/posts",
        {
          title: "Featured",
          slug: `featured-${Math.random().toString(36).slice(2)}`,
          content: "<p>Body</p>",
          status: "draft",
          featuredImage,
          featuredImageAlt: "A picture",
        },
        { headers },
      );
    const found = await post(`/uploads/${name}`);
    expect(found.status, await found.clone().text()).toBe(201);
    expect(((await found.json()) as { featuredImage: string }).featuredImage).toBe(name);
    const missing = await post("/uploads/0123456789abcdef0123456789abcdef.png");
    expect(missing.status).toBe(400);
  });
});

describe("uploads in a bucket that does not answer", () => {
  it("answers 503 with Retry-After to an upload and to /uploads, logging the cause once each", async () => {
    const down = await startS3Server();
    const server = await startTestServer("sqlite", down.env);
    try {
      const employee = await signInAs(server, "employee");
      await down.close();
      allowConsoleError(2);
      const upload = await uploadImage(server, employee, {
        bytes: image,
        name: "a.png",
        type: "image/png",
      });
      expect(upload.status).toBe(503);
      expect(upload.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS.storage));
      const served = await server.request("/uploads/0123456789abcdef.png");
      expect(served.status).toBe(503);
      expect(served.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS.storage));
      expect(await served.json()).toEqual({ message: FAULT_MESSAGES.storageUnavailable });
      const lines = vi.mocked(console.error).mock.calls.map((args) => args.join(" "));
      expect(lines).toEqual([
        expect.stringMatching(/^POST \/api\/upload\/image answered 503: .*ECONNREFUSED/),
        expect.stringMatching(/^GET \/uploads\/0123456789abcdef\.png answered 503: .*ECONNREFUSED/),
      ]);
    } finally {
      await server.close();
    }
  });
});

describe("uploads behind PUBLIC_UPLOADS_URL", () => {
  const PUBLIC = "https://cdn.studio.test/uploads";
  let server: TestServer;
  let name: string;
  beforeAll(async () => {
    server = await startTestServer("sqlite", { ...s3.env, PUBLIC_UPLOADS_URL: `${PUBLIC}/` });
    name = await upload(server, await signInAs(server, "employee"));
  });
  afterAll(() => server?.close());

  it("redirects /uploads/{name} there, for a day", async () => {
    const response = await server.request(`/uploads/${name}`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${PUBLIC}/${name}`);
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(response.headers.get("vary")).toContain("Accept");
    // A picture in an e-mail or a preview frame follows the redirect: it must let them.
    expect(response.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("redirects a browser that takes WebP to the smaller WebP copy", async () => {
    const response = await server.request(`/uploads/${name}`, {
      redirect: "manual",
      headers: { accept: ACCEPT_WEBP },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${PUBLIC}/${name.replace(".png", ".webp")}`);
  });

  it("answers 404 for a file the bucket does not hold, rather than a redirect", async () => {
    const response = await server.request("/uploads/0123456789abcdef.png", { redirect: "manual" });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "No such file." });
  });

  it("keeps /uploads/{name} in what the API answers, so the address never changes", async () => {
    const response = await uploadImage(server, await signInAs(server, "employee"), {
      bytes: image,
      name: "b.png",
      type: "image/png",
    });
    expect(((await response.json()) as { url: string }).url).toMatch(/^\/uploads\//);
  });
});
