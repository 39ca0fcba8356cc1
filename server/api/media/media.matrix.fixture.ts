import { type Row, STAFF_ONLY } from "#server/api/access-matrix.fixture.ts";
import { storeMediaImage } from "#server/services/media-files.server.ts";
import { solidImage } from "#tests/helpers/images.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";

// The media library's cells of the access matrix (access-matrix.test.ts): staff calls, like the
// uploads (docs/product/access.md#who-may-do-what).

/** A fresh, unused media item for one cell. */
async function newItem(server: TestServer) {
  const png = await solidImage("png", 8, 8);
  return storeMediaImage(server.db.handle.db, server.context.uploads, png, {
    originalName: "matrix.png",
    uploadedBy: null,
  });
}

async function imageForm() {
  const form = new FormData();
  const png = await solidImage("png", 8, 8);
  form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "matrix.png");
  return form;
}

export const MEDIA_ROWS: Row[] = [
  {
    name: "GET /api/media",
    call: async () => ({ method: "GET", path: "/api/media?page=1&use=unused" }),
    expected: STAFF_ONLY(200),
  },
  {
    name: "POST /api/media",
    call: async () => ({ method: "POST", path: "/api/media", form: await imageForm() }),
    expected: STAFF_ONLY(201),
  },
  {
    name: "GET /api/media/:id",
    call: async (server) => ({ method: "GET", path: `/api/media/${(await newItem(server)).id}` }),
    expected: STAFF_ONLY(200),
  },
  {
    name: "PATCH /api/media/:id",
    call: async (server) => ({
      method: "PATCH",
      path: `/api/media/${(await newItem(server)).id}`,
      body: { altText: "A matrix" },
    }),
    expected: STAFF_ONLY(200),
  },
  {
    name: "PUT /api/media/:id/file",
    call: async (server) => ({
      method: "PUT",
      path: `/api/media/${(await newItem(server)).id}/file`,
      form: await imageForm(),
    }),
    expected: STAFF_ONLY(200),
  },
  {
    name: "DELETE /api/media/:id",
    call: async (server) => ({
      method: "DELETE",
      path: `/api/media/${(await newItem(server)).id}`,
    }),
    expected: STAFF_ONLY(204),
  },
  {
    name: "GET /api/media/cleanup",
    call: async () => ({ method: "GET", path: "/api/media/cleanup?olderThanDays=30" }),
    expected: STAFF_ONLY(200),
  },
  {
    name: "POST /api/media/cleanup",
    call: async (server) => ({
      method: "POST",
      path: "/api/media/cleanup",
      body: { olderThanDays: 30, ids: [(await newItem(server)).id] },
    }),
    expected: STAFF_ONLY(200),
  },
];
