import { mkdirSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPost } from "#tests/factories/post.ts";
import { expectNoStackTrace, readError } from "#tests/helpers/http.ts";
import { requestAs, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, startTestServerOn, type TestServer } from "#tests/helpers/test-server.ts";
import { allowConsoleError } from "#tests/setup/setup-test-env.ts";
import { uploadsDir } from "./storage/uploads.server.ts";

const SERVER_ERROR = { message: "Something went wrong on our side. Please try again." };

/**
 * Headers set on every response (docs/product/access.md#security-headers). Only a page lists inline
 * scripts (by hash) in its policy; answers that are not pages allow none at all.
 */
function expectSecurityHeaders(response: Response) {
  const h = response.headers;
  expect(h.get("x-content-type-options")).toBe("nosniff");
  expect(h.get("x-frame-options")).toBe("SAMEORIGIN");
  expect(h.get("referrer-policy")).toBe("same-origin");
  expect(h.get("cross-origin-opener-policy")).toBe("same-origin");
  expect(h.get("cross-origin-resource-policy")).toBe("same-origin");
  expect(h.get("content-security-policy")).toBe(
    "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';" +
      "frame-ancestors 'self';img-src 'self' data: https:;object-src 'none';script-src 'self';" +
      "script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self';" +
      "frame-src https://www.youtube.com https://www.youtube-nocookie.com",
  );
  expect(h.get("x-powered-by")).toBeNull();
}

/**
 * The security headers of anything under /uploads: helmet's, with the uploads' own policy, and
 * shown by any origin (mail clients, the dashboard's sandboxed e-mail previews).
 */
function expectUploadHeaders(response: Response) {
  const h = response.headers;
  expect(h.get("x-content-type-options")).toBe("nosniff");
  expect(h.get("x-frame-options")).toBe("SAMEORIGIN");
  expect(h.get("cross-origin-opener-policy")).toBe("same-origin");
  expect(h.get("cross-origin-resource-policy")).toBe("cross-origin");
  expect(h.get("content-security-policy")).toBe(
    "sandbox; default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'",
  );
}

describeEachDatabase("the app", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  describe("GET /healthz", () => {
    it('answers 200 {"status":"ok"} when the database answers', async () => {
      const response = await server.request("/healthz");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: "ok" });
      expect(response.headers.get("cache-control")).toBe("no-store");
    });

    it("carries the security headers", async () => {
      expectSecurityHeaders(await server.request("/healthz"));
    });

    it("answers 503 when the database is closed", async () => {
      const broken = await startTestServer(kind);
      try {
        await broken.db.handle.close();
        const response = await broken.request("/healthz");
        expect(response.status).toBe(503);
        expect(await response.json()).toEqual({ status: "unavailable" });
      } finally {
        await broken.close();
      }
    });
  });

  describe("security headers", () => {
    it("sets them on API answers, successful or not, allowing no inline script", async () => {
      expectSecurityHeaders(await server.request("/api/posts/published"));
      expectSecurityHeaders(await server.request("/api/no-such-thing"));
      expectSecurityHeaders(await server.postJson("/api/newsletter/subscribe", { email: "x" }));
    });

    it("lets other origins show uploads only; a staff member's own answers stay same-origin", async () => {
      const dir = uploadsDir(server.db.dataDir);
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        path.join(dir, "shared.png"),
        await sharp({ create: { width: 2, height: 2, channels: 3, background: "#16a34a" } })
          .png()
          .toBuffer(),
      );
      const upload = await server.request("/uploads/shared.png", {
        headers: { origin: "null", "sec-fetch-mode": "no-cors", "sec-fetch-dest": "image" },
      });
      expect(upload.status).toBe(200);
      expect(upload.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
      const staff = await signInAs(server, "employee");
      for (const path of ["/api/auth/get-session", "/api/posts", "/api/subscribers", "/healthz"]) {
        const response = await requestAs(server, staff, path);
        expect(response.status, path).toBe(200);
        expect(response.headers.get("cross-origin-resource-policy"), path).toBe("same-origin");
        await response.arrayBuffer();
      }
    });

    it("asks for HTTPS only when the site is served over HTTPS", async () => {
      expect(
        (await server.request("/healthz")).headers.get("strict-transport-security"),
      ).toBeNull();
      const secure = await startTestServerOn(server.db, { SITE_URL: "https://studio.example" });
      try {
        const response = await secure.request("/healthz");
        expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
        expect(response.headers.get("content-security-policy")).toContain(
          "frame-src https://www.youtube.com https://www.youtube-nocookie.com;upgrade-insecure-requests",
        );
      } finally {
        await secure.close();
      }
    });

    it("never lets a shared cache keep an API answer", async () => {
      for (const path of ["/api/posts/published", "/api/apps", "/api/portfolio/stats", "/api/x"]) {
        const response = await server.request(path);
        expect(response.headers.get("cache-control"), path).toBe("no-store");
      }
    });
  });

  describe("unknown /api paths", () => {
    it("answer a JSON 404 naming the endpoint, never a page", async () => {
      const body = await readError(await server.request("/api/no-such-thing"), 404);
      expect(body).toEqual({ message: "There is no API endpoint GET /api/no-such-thing." });
    });

    it("answer JSON 404 for every method and depth", async () => {
      const calls: [string, RequestInit][] = [
        ["/api", {}],
        ["/api/", {}],
        ["/api/posts/slug/a/b", {}],
        ["/api/posts/published/extra", {}],
        ["/api/portfolio/stats/extra", {}],
        ["/api/posts/published", { method: "POST" }],
        ["/api/apps", { method: "DELETE" }],
        ["/api/newsletter/subscribe", { method: "PUT" }],
        ["/api/%E0%A4%A", {}],
      ];
      for (const [path, init] of calls) {
        const response = await server.request(path, init);
        expect(response.status, `${init.method ?? "GET"} ${path}`).toBe(404);
        await readError(response, 404);
      }
    });
  });

  describe("errors", () => {
    it("never put a stack trace or a file path in a 4xx body", async () => {
      const responses = [
        await server.request("/api/posts/published?limit=zero"),
        await server.request("/api/posts/slug/%"),
        await server.request("/api/posts/slug/missing"),
        await server.postJson("/api/newsletter/subscribe", { email: 5 }),
        await server.request("/api/newsletter/subscribe", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{not json",
        }),
        await server.request("/uploads/missing.png"),
      ];
      for (const response of responses) {
        expect(response.status).toBeGreaterThanOrEqual(400);
        expectNoStackTrace(await response.text());
      }
    });

    it("answer a plain 500 message when the database fails", async () => {
      const broken = await startTestServer(kind);
      try {
        await createPost(broken.db.handle.db);
        await broken.db.handle.close();
        for (const call of [
          () => broken.request("/api/posts/published"),
          () => broken.request("/api/posts/slug/anything"),
          () => broken.request("/api/portfolio"),
          () => broken.request("/api/apps"),
          () => broken.postJson("/api/newsletter/subscribe", { email: "a@example.com" }),
        ]) {
          allowConsoleError();
          const body = await readError(await call(), 500);
          expect(body).toEqual(SERVER_ERROR);
        }
      } finally {
        await broken.close();
      }
    });
  });

  describe("GET /uploads/:file", () => {
    const png = () =>
      sharp({ create: { width: 4, height: 3, channels: 3, background: "#4ade80" } })
        .png()
        .toBuffer();

    it("serves an uploaded image with its image type, nosniff and a long immutable lifetime", async () => {
      const dir = uploadsDir(server.db.dataDir);
      mkdirSync(dir, { recursive: true });
      const bytes = await png();
      for (const [name, type] of [
        ["hello.png", "image/png"],
        ["hello.jpg", "image/jpeg"],
        ["hello.webp", "image/webp"],
      ] as const) {
        writeFileSync(path.join(dir, name), bytes);
        const response = await server.request(`/uploads/${name}`);
        expect(response.status, name).toBe(200);
        expect(response.headers.get("content-type")).toBe(type);
        expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
        expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        expectUploadHeaders(response);
      }
    });

    it("sandboxes every answer under /uploads and lets it load nothing", async () => {
      const dir = uploadsDir(server.db.dataDir);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, "sandboxed.png"), await png());
      writeFileSync(path.join(dir, "sandboxed.webp"), Buffer.from("smaller"));
      for (const [target, accept, status] of [
        ["/uploads/sandboxed.png", "image/png", 200],
        ["/uploads/sandboxed.png", "image/webp,*/*", 200],
        ["/uploads/missing.png", "*/*", 404],
        ["/uploads/.secret", "*/*", 403],
        ["/uploads/notes.txt", "text/html", 404],
      ] as const) {
        const response = await server.request(target, { headers: { accept } });
        expect(response.status, target).toBe(status);
        expectUploadHeaders(response);
        await response.arrayBuffer();
      }
    });

    it("sends the smaller WebP copy of a PNG or JPEG to a browser that takes WebP, at the same address", async () => {
      const dir = uploadsDir(server.db.dataDir);
      mkdirSync(dir, { recursive: true });
      const picture = sharp({
        create: { width: 300, height: 200, channels: 3, background: "#2563eb" },
      });
      const original = await picture.clone().png().toBuffer();
      const webp = await picture.clone().webp().toBuffer();
      expect(webp.length).toBeLessThan(original.length);
      writeFileSync(path.join(dir, "banner.png"), original);
      writeFileSync(path.join(dir, "banner.webp"), webp);
      const chromium = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";

      const toBrowser = await server.request("/uploads/banner.png", {
        headers: { accept: chromium },
      });
      expect(toBrowser.status).toBe(200);
      expect(toBrowser.headers.get("content-type")).toBe("image/webp");
      expect(toBrowser.headers.get("vary")).toMatch(/\bAccept\b/);
      expect(toBrowser.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(Buffer.from(await toBrowser.arrayBuffer()).equals(webp)).toBe(true);

      // A wildcard, a refusal or no Accept at all: the image as stored, still varying by Accept.
      for (const accept of ["*/*", "image/webp;q=0, */*", "image/png", undefined]) {
        const response = await server.request("/uploads/banner.png", {
          headers: accept === undefined ? {} : { accept },
        });
        expect(response.headers.get("content-type"), accept).toBe("image/png");
        expect(response.headers.get("vary"), accept).toMatch(/\bAccept\b/);
        expect(Buffer.from(await response.arrayBuffer()).equals(original), accept).toBe(true);
      }
      // Asked for by its own name, the WebP copy is just a file.
      const direct = await server.request("/uploads/banner.webp", {
        headers: { accept: chromium },
      });
      expect(direct.headers.get("content-type")).toBe("image/webp");
      expect(direct.headers.get("vary")).toBeNull();
    });

    it("keeps the stored image when its WebP copy is missing or not smaller", async () => {
      const dir = uploadsDir(server.db.dataDir);
      mkdirSync(dir, { recursive: true });
      const jpeg = await sharp({
        create: { width: 8, height: 8, channels: 3, background: "#f59e0b" },
      })
        .jpeg()
        .toBuffer();
      writeFileSync(path.join(dir, "alone.jpg"), jpeg);
      writeFileSync(path.join(dir, "bulky.jpg"), jpeg);
      writeFileSync(path.join(dir, "bulky.webp"), Buffer.concat([jpeg, jpeg]));
      for (const name of ["alone.jpg", "bulky.jpg"]) {
        const response = await server.request(`/uploads/${name}`, {
          headers: { accept: "image/webp,*/*" },
        });
        expect(response.headers.get("content-type"), name).toBe("image/jpeg");
        expect(Buffer.from(await response.arrayBuffer()).equals(jpeg), name).toBe(true);
      }
    });

    it("answers JSON 404 for a missing file and 403 for a hidden one", async () => {
      expect(await readError(await server.request("/uploads/missing.png"), 404)).toEqual({
        message: "No such file.",
      });
      expect(await readError(await server.request("/uploads/.secret"), 403)).toEqual({
        message: "Not allowed.",
      });
      expect(await readError(await server.request("/uploads/"), 404)).toEqual({
        message: "No such file.",
      });
    });

    it("serves only image files, never anything else that sits in the folder", async () => {
      const dir = uploadsDir(server.db.dataDir);
      mkdirSync(dir, { recursive: true });
      for (const name of ["page.html", "notes.txt", "drawing.svg", "script.js", "hello.png.html"]) {
        writeFileSync(path.join(dir, name), "<script>alert(1)</script>");
        const body = await readError(await server.request(`/uploads/${name}`), 404);
        expect(body, name).toEqual({ message: "No such file." });
      }
    });

    it("never serves files outside the uploads folder, however the path is written", async () => {
      const dir = uploadsDir(server.db.dataDir);
      mkdirSync(path.join(dir, "sub"), { recursive: true });
      writeFileSync(path.join(server.db.dataDir, "outside.png"), "secret");
      writeFileSync(path.join(dir, "sub", "inner.png"), "secret");
      // Sent exactly as written: fetch() would resolve the dot segments before sending.
      for (const target of [
        "/uploads/../outside.png",
        "/uploads/%2e%2e/outside.png",
        "/uploads/%2E%2E%2Foutside.png",
        "/uploads/..%2Foutside.png",
        "/uploads/..%5Coutside.png",
        "/uploads/%252e%252e%252foutside.png",
        "/uploads/.%2e/outside.png",
        "/uploads/sub/inner.png",
        "/uploads/sub%2Finner.png",
        "/uploads//etc/passwd",
        "/uploads/%00.png",
        "/uploads/%",
      ]) {
        const { status, body } = await rawGet(server.url, target);
        expect([400, 403, 404], target).toContain(status);
        expect(body, target).not.toContain("secret");
        expectNoStackTrace(body);
      }
    });
  });
});

/** A GET whose request target is sent byte for byte as given (fetch() would normalise it). */
function rawGet(baseUrl: string, target: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`);
    });
    let raw = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      raw += chunk;
    });
    socket.on("error", reject);
    socket.on("end", () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
      resolve({ status, body: raw.slice(raw.indexOf("\r\n\r\n") + 4) });
    });
  });
}
