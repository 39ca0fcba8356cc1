import { existsSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { uploadsDir } from "#server/storage/disk-store.server.ts";
import { noisePng } from "#tests/helpers/images.ts";
import { startS3Server, type TestS3Server } from "#tests/helpers/s3-server.ts";
import {
  createServerData,
  killServerProcesses,
  runFailingServerProcess,
  type ServerData,
  startServerProcess,
} from "#tests/helpers/server-process.ts";
import { OWNER_ENV, signIn } from "#tests/helpers/staff.ts";

// The production server (the built bundle, as `npm start` runs it) with STORAGE=s3: it keeps
// uploads in the bucket and serves them back; a configuration that cannot work stops it at start.

afterEach(killServerProcesses);

describe("the server process with uploads in a bucket", () => {
  let s3: TestS3Server;
  let data: ServerData;
  beforeAll(async () => {
    [s3, data] = await Promise.all([startS3Server(), createServerData("sqlite")]);
  });
  afterAll(async () => {
    await data?.destroy();
    await s3?.close();
  });

  it("stores an upload in the bucket and serves it at /uploads/{name}", async () => {
    const server = await startServerProcess({ ...data.env, ...s3.env, ...OWNER_ENV });
    const cookie = await signIn(server, OWNER_ENV.ADMIN_EMAIL, OWNER_ENV.ADMIN_PASSWORD);
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(await noisePng(64, 48))]), "a.png");
    const uploaded = await fetch(`${server.url}/api/upload/image`, {
      method: "POST",
      headers: { origin: server.url, cookie },
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };

    const served = await fetch(`${server.url}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(
      Buffer.from(await served.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");
    const object = await fetch(`${s3.endpoint}/${s3.bucket}${url.slice("/uploads".length)}`, {
      method: "HEAD",
    });
    // s3rver lets anyone read; the point is that the object is there, not on disk.
    expect(object.status).toBe(200);
    expect(existsSync(uploadsDir(data.dataDir))).toBe(false);
  });

  it("exits with 1 and names what is missing when STORAGE=s3 has no bucket", async () => {
    const result = await runFailingServerProcess({ ...data.env, STORAGE: "s3", S3_REGION: "auto" });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("STORAGE=s3 needs S3_BUCKET and S3_REGION");
  });
});
