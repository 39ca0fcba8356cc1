import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readError } from "#tests/helpers/http.ts";
import {
  OWNER_ENV,
  requestAs,
  sessionCookie,
  sessionToken,
  signIn,
  signInAs,
} from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";
import { LOGOUT_REFUSED_MESSAGE } from "./auth.router.ts";

// GET /api/logout (docs/product/api.md#sign-in-calls,
// docs/security.md#sessions-redirects-and-sign-out).

describeEachDatabase("signing out", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { ...OWNER_ENV });
  });
  afterAll(() => server?.close());
  const db = () => server.db.handle.db;

  describe("GET /api/logout", () => {
    it("ends the session on the server and redirects to /", async () => {
      const employee = await signInAs(server, "employee");
      const response = await requestAs(server, employee, "/api/logout");
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/");
      expect(sessionCookie(response)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
      // The old cookie, replayed, no longer works: the session row is gone.
      await readError(await requestAs(server, employee, "/api/auth/user"), 401);
      const rows = await db()
        .selectFrom("sessions")
        .select("id")
        .where("token", "=", sessionToken(employee.cookie))
        .execute();
      expect(rows).toEqual([]);
    });

    it("redirects to / when nobody is signed in", async () => {
      const response = await server.request("/api/logout", { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/");
    });

    it("does not sign out for an image or another site's link, only for the site's own link", async () => {
      const employee = await signInAs(server, "employee");
      const fetchMetadata = (dest: string, mode: string, site: string) => ({
        cookie: employee.cookie,
        "sec-fetch-dest": dest,
        "sec-fetch-mode": mode,
        "sec-fetch-site": site,
      });
      // A post's <img src="/api/logout"> (or one on another site).
      for (const site of ["same-origin", "cross-site"]) {
        const image = await server.request("/api/logout", {
          headers: fetchMetadata("image", "no-cors", site),
          redirect: "manual",
        });
        expect(await readError(image, 403)).toEqual({ message: LOGOUT_REFUSED_MESSAGE });
      }
      // Another site's link: the visitor lands on the home page, still signed in.
      const crossSite = await server.request("/api/logout", {
        headers: fetchMetadata("document", "navigate", "cross-site"),
        redirect: "manual",
      });
      expect(crossSite.status).toBe(302);
      expect(crossSite.headers.get("location")).toBe("/");
      expect(crossSite.headers.get("set-cookie")).toBeNull();
      expect((await requestAs(server, employee, "/api/auth/user")).status).toBe(200);

      // The site's own Logout link.
      const own = await server.request("/api/logout", {
        headers: fetchMetadata("document", "navigate", "same-origin"),
        redirect: "manual",
      });
      expect(own.status).toBe(302);
      expect(sessionCookie(own)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
      await readError(await requestAs(server, employee, "/api/auth/user"), 401);
    });

    it("ends only that browser's session", async () => {
      const employee = await signInAs(server, "employee");
      const other = await signIn(server, employee.email, employee.password);
      await requestAs(server, employee, "/api/logout");
      expect((await requestAs(server, { cookie: other }, "/api/auth/user")).status).toBe(200);
    });
  });
});
