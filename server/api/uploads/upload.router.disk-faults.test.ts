import { existsSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { FAULT_MESSAGES, RETRY_AFTER_SECONDS } from "#server/errors.ts";
import { uploadsDir, uploadWrites } from "#server/storage/uploads.server.ts";
import { readError } from "#tests/helpers/http.ts";
import { noisePng, uploadImage } from "#tests/helpers/images.ts";
import { DISK_FAULT_WAYS, type FaultyDisk } from "#tests/helpers/small-disk.ts";
import { requestAs, type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";
import { allowConsoleError } from "#tests/setup/setup-test-env.ts";

// A full or read-only disk under the uploads folder: the upload (or the post save carrying a
// data: image) answers 507 or 503 in words, logs the system's own error in one line, and leaves
// nothing behind: no partial image, no empty WebP copy, no temporary file. Each test runs once
// per way of making the fault (small-disk.ts): an injected error always, a real tmpfs where one
// can be mounted.

/** What the console.error spy (tests/setup) received during the current test. */
function loggedLines(): string[] {
  return vi.mocked(console.error).mock.calls.map((args) => args.map(String).join(" "));
}

describeEachDatabase("uploads on a full or read-only disk", (kind) => {
  let server: TestServer;
  let employee: SignedIn;
  let disk: FaultyDisk | undefined;
  let image: Buffer;
  beforeAll(async () => {
    server = await startTestServer(kind);
    employee = await signInAs(server, "employee");
    image = await noisePng(320, 240);
  });
  afterEach(() => {
    disk?.restore();
    disk = undefined;
  });
  afterAll(() => server?.close());

  const dir = () => uploadsDir(server.db.dataDir);
  const files = () => (existsSync(dir()) ? readdirSync(dir()).sort() : []);
  const upload = () =>
    uploadImage(server, employee, { bytes: image, name: "a.png", type: "image/png" });

  describe.each(DISK_FAULT_WAYS)("made by $name", (way) => {
    it("answers 507 when the disk is full, leaves no file behind, and works again once there is space", async () => {
      disk = await way.make(dir(), "full");
      const before = files();
      allowConsoleError(1);

      const body = await readError(await upload(), 507);
      expect(body).toEqual({ message: FAULT_MESSAGES.storageFull });
      expect(files()).toEqual(before);
      const lines = loggedLines();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^POST \/api\/upload\/image answered 507: ENOSPC: no space left on device/,
      );

      await disk.free();
      const response = await upload();
      expect(response.status, await response.clone().text()).toBe(201);
      const { url } = (await response.json()) as { url: string };
      expect((await server.request(url)).status).toBe(200);
    });

    it("answers 503 with Retry-After when the folder is read-only, leaving no file behind", async () => {
      disk = await way.make(dir(), "read-only");
      const before = files();
      allowConsoleError(1);

      const response = await upload();
      expect(response.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS.storage));
      const body = await readError(response, 503);
      expect(body).toEqual({ message: FAULT_MESSAGES.storageUnavailable });
      expect(files()).toEqual(before);
      expect(loggedLines()).toEqual([
        expect.stringMatching(
          /^POST \/api\/upload\/image answered 503: EROFS: read-only file system/,
        ),
      ]);
    });

    it("answers 507 to a post save whose data: featured image does not fit, saving nothing", async () => {
      disk = await way.make(dir(), "full");
      const before = files();
      allowConsoleError(1);
      const slug = `full-disk-${kind}-${way.name.replace(/\W+/g, "-")}`;

      const response = await requestAs(server, employee, "/api/posts", {
        method: "POST",
        body: {
          title: "A post with a picture",
          slug,
          content: "<p>Text.</p>",
          excerpt: null,
          status: "draft",
          category: "news",
          tags: [],
          scheduledAt: null,
          featuredImage: `data:image/png;base64,${image.toString("base64")}`,
        },
      });
      expect(await readError(response, 507)).toEqual({ message: FAULT_MESSAGES.storageFull });
      expect(files()).toEqual(before);
      const saved = await server.db.handle.db
        .selectFrom("posts")
        .select("id")
        .where("slug", "=", slug)
        .execute();
      expect(saved).toEqual([]);
    });
  });

  it("never shows a file under its served name before it is complete", async () => {
    const { promise: paused, resolve: resume } = Promise.withResolvers<void>();
    const seenMidWrite: string[][] = [];
    const spy = vi
      .spyOn(uploadWrites, "writeNewFile")
      .mockImplementation(async (file: string, data: Uint8Array) => {
        writeFileSync(file, data.subarray(0, 16), { flag: "wx" });
        seenMidWrite.push(readdirSync(dir()));
        if (seenMidWrite.length === 1) await paused;
        writeFileSync(file, data);
      });
    try {
      const before = files();
      const pending = upload();
      // Encoding the variants comes first, and takes a while on a busy machine.
      await vi.waitFor(() => expect(seenMidWrite).toHaveLength(1), { timeout: 15_000 });
      const visible = seenMidWrite[0]?.filter((name) => !before.includes(name)) ?? [];
      expect(visible).toEqual([expect.stringMatching(/^\.upload-[0-9a-f]{32}\.tmp$/)]);
      const temp = await server.request(`/uploads/${visible[0]}`);
      expect(temp.status).toBe(403);
      resume();

      const response = await pending;
      expect(response.status).toBe(201);
      const { url } = (await response.json()) as { url: string };
      const name = path.basename(url);
      const stem = name.replace(/\.png$/, "");
      const variants = [480, 960, 1440].flatMap((w) => [
        `${stem}-${w}w.avif`,
        `${stem}-${w}w.webp`,
      ]);
      expect(
        files()
          .filter((file) => !before.includes(file))
          .sort(),
      ).toEqual([name, `${stem}.webp`, ...variants].sort());
    } finally {
      spy.mockRestore();
    }
  });
});
