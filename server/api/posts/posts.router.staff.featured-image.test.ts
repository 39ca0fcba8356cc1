import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_MESSAGES } from "#common/constants.ts";
import type { Post } from "#common/types/post.ts";
import { uploadsDir } from "#server/storage/uploads.server.ts";
import { createPost } from "#tests/factories/post.ts";
import { readError } from "#tests/helpers/http.ts";
import { pngClaimingSize, solidImage, uploadImage } from "#tests/helpers/images.ts";
import type { SignedIn } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { payload, staffPostCalls, startWithEmployee } from "./posts.router.fixture.ts";

describeEachDatabase("staff posts API", (kind) => {
  let server: TestServer;
  let employee: SignedIn;
  beforeAll(async () => {
    ({ server, employee } = await startWithEmployee(kind));
  });
  afterAll(() => server?.close());
  const { db, send, create, edit, storedRow } = staffPostCalls(() => ({ server, employee }));

  describe("POST /api/posts", () => {
    describe("featured image", () => {
      it("stores a data: URL image as an upload file and keeps the file name", async () => {
        const png = await solidImage("png", 1200, 630);
        const post = await create({
          featuredImage: `data:image/png;base64,${png.toString("base64")}`,
        });
        expect(post.featuredImage).toMatch(/^[0-9a-f]{32}\.png$/);
        const stored = await storedRow(post.id);
        expect(stored.featuredImage).toBe(post.featuredImage);
        const file = path.join(uploadsDir(server.db.dataDir), post.featuredImage ?? "");
        expect(await sharp(readFileSync(file)).metadata()).toMatchObject({
          format: "png",
          width: 1200,
          height: 630,
        });
        expect(existsSync(file.replace(/\.png$/, ".webp"))).toBe(true);
        const served = await server.request(`/uploads/${post.featuredImage}`);
        expect(served.status).toBe(200);
        expect(served.headers.get("content-type")).toBe("image/png");
      });

      it("judges a data: image by its content, not its declared type", async () => {
        const jpeg = await solidImage("jpeg", 480, 360);
        const post = await create({
          featuredImage: `data:image/png;base64,${jpeg.toString("base64")}`,
        });
        expect(post.featuredImage).toMatch(/^[0-9a-f]{32}\.jpg$/);
      });

      it("answers 400 on the field for a data: URL that is not a usable PNG or JPEG", async () => {
        const cases: [Buffer, string][] = [
          [Buffer.from("<svg onload=alert(1)>"), UPLOAD_MESSAGES.wrongType],
          [await solidImage("gif", 8, 8), UPLOAD_MESSAGES.wrongType],
          [pngClaimingSize(50_000, 50_000), UPLOAD_MESSAGES.tooManyPixels],
          [(await solidImage("png", 8, 8)).subarray(0, 20), UPLOAD_MESSAGES.broken],
        ];
        for (const [bytes, message] of cases) {
          const body = await readError(
            await send(
              "POST",
              "/api/posts",
              payload({ featuredImage: `data:image/png;base64,${bytes.toString("base64")}` }),
            ),
            400,
          );
          expect(body).toEqual({ message, errors: { featuredImage: message } });
        }
      });

      it("keeps an http(s) URL and turns /uploads/{name} into {name}", async () => {
        const remote = "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg";
        expect((await create({ featuredImage: remote })).featuredImage).toBe(remote);
        const uploaded = await uploadImage(server, employee, {
          bytes: await solidImage("png", 20, 20),
          name: "cover.png",
          type: "image/png",
        });
        const { url } = (await uploaded.json()) as { url: string };
        const name = url.slice("/uploads/".length);
        expect((await create({ featuredImage: url })).featuredImage).toBe(name);
        expect((await create({ featuredImage: name })).featuredImage).toBe(name);
      });

      it("answers 400 for a file name that is not an uploaded file", async () => {
        const message =
          "The featured image is not among the uploaded files. Please upload it again.";
        for (const featuredImage of [
          "missing-file.png",
          "/uploads/missing-file.jpg",
          "studio.db",
        ]) {
          const body = await readError(
            await send("POST", "/api/posts", payload({ featuredImage })),
            400,
          );
          expect(body, featuredImage).toEqual({ message, errors: { featuredImage: message } });
        }
      });

      it("leaves an unchanged featured image alone on update, even if its file is gone", async () => {
        const row = await createPost(db(), { featuredImage: "long-gone.png", status: "draft" });
        const post = (await (await send("GET", `/api/posts/${row.id}`)).json()) as Post;
        const updated = await edit(post, { title: "Renamed" });
        expect(updated.featuredImage).toBe("long-gone.png");
      });
    });
  });
});
