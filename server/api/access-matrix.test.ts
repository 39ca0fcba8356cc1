import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, fakeApp } from "#tests/factories/app.ts";
import { createEmployee, fakeEmployee } from "#tests/factories/employee.ts";
import { fakeSiteSettings } from "#tests/factories/site-settings.ts";
import { createSubscriber } from "#tests/factories/subscriber.ts";
import { type FakeYouTube, startFakeYouTube } from "#tests/fakes/youtube-server.ts";
import { readError } from "#tests/helpers/http.ts";
import {
  OWNER_ENV,
  requestAs,
  type SignedIn,
  signInAs,
  VIEWER_KINDS,
  type ViewerKind,
} from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";
import {
  ADMINS_ONLY,
  ANY_SIGNED_IN,
  type Call,
  CONTENT_ROWS,
  OUTBOX_ROWS,
  type Row,
  STAFF_ONLY,
} from "./access-matrix.fixture.ts";
import { INTEGRATION_ROWS } from "./integrations/integrations.matrix.fixture.ts";
import { MEDIA_ROWS } from "./media/media.matrix.fixture.ts";
import { CROSS_SITE_MESSAGE } from "./middleware/same-origin.ts";

// Every staff endpoint x every kind of caller (docs/product/access.md#who-may-do-what). When an
// issue adds a staff endpoint, add its row here (content management: in access-matrix.fixture.ts):
// signed out 401, without the right 403.

const ROWS: Row[] = [
  {
    name: "GET /api/auth/user",
    call: async () => ({ method: "GET", path: "/api/auth/user" }),
    expected: ANY_SIGNED_IN,
  },
  {
    name: "GET /api/employees",
    call: async () => ({ method: "GET", path: "/api/employees" }),
    expected: ADMINS_ONLY(200),
  },
  {
    name: "POST /api/employees",
    call: async () => ({ method: "POST", path: "/api/employees", body: fakeEmployee() }),
    expected: ADMINS_ONLY(201),
  },
  {
    name: "PUT /api/employees/:id",
    call: async (server) => {
      const target = await createEmployee(server.db.handle.db);
      return {
        method: "PUT",
        path: `/api/employees/${target.id}`,
        body: fakeEmployee({ email: target.email, firstName: "Renamed" }),
      };
    },
    expected: ADMINS_ONLY(200),
  },
  {
    name: "DELETE /api/employees/:id",
    call: async (server) => {
      const target = await createEmployee(server.db.handle.db);
      return { method: "DELETE", path: `/api/employees/${target.id}` };
    },
    expected: ADMINS_ONLY(204),
  },
  {
    name: "POST /api/employees/:id/invitation",
    call: async (server) => {
      const target = await createEmployee(server.db.handle.db);
      return { method: "POST", path: `/api/employees/${target.id}/invitation` };
    },
    expected: ADMINS_ONLY(201),
  },
  {
    name: "GET /api/settings",
    call: async () => ({ method: "GET", path: "/api/settings" }),
    expected: STAFF_ONLY(200),
  },
  {
    name: "PUT /api/settings",
    call: async () => ({ method: "PUT", path: "/api/settings", body: fakeSiteSettings() }),
    expected: ADMINS_ONLY(200),
  },
  {
    name: "GET /api/dashboard/stats",
    call: async () => ({ method: "GET", path: "/api/dashboard/stats" }),
    expected: STAFF_ONLY(200),
  },
  {
    name: "GET /api/subscribers",
    call: async () => ({ method: "GET", path: "/api/subscribers" }),
    expected: STAFF_ONLY(200),
  },
  {
    name: "GET /api/subscribers/export",
    call: async () => ({ method: "GET", path: "/api/subscribers/export" }),
    expected: STAFF_ONLY(200),
  },
  {
    name: "DELETE /api/subscribers/:id",
    call: async (server) => {
      const target = await createSubscriber(server.db.handle.db);
      return { method: "DELETE", path: `/api/subscribers/${target.id}` };
    },
    expected: STAFF_ONLY(204),
  },
  {
    name: "POST /api/subscribers/import",
    call: async () => {
      const form = new FormData();
      form.append("consent", "true");
      form.append(
        "file",
        new Blob([`Email\r\nmatrix-${randomUUID()}@example.com\r\n`]),
        "list.csv",
      );
      return { method: "POST", path: "/api/subscribers/import", form };
    },
    expected: ADMINS_ONLY(200),
  },
  {
    name: "GET /api/apps/:id",
    call: async (server) => {
      const target = await createApp(server.db.handle.db);
      return { method: "GET", path: `/api/apps/${target.id}` };
    },
    expected: STAFF_ONLY(200),
  },
  {
    name: "POST /api/apps",
    call: async () => ({ method: "POST", path: "/api/apps", body: fakeApp() }),
    expected: STAFF_ONLY(201),
  },
  {
    name: "PUT /api/apps/:id",
    call: async (server) => {
      const target = await createApp(server.db.handle.db);
      return {
        method: "PUT",
        path: `/api/apps/${target.id}`,
        body: fakeApp({ slug: target.slug }),
      };
    },
    expected: STAFF_ONLY(200),
  },
  {
    name: "DELETE /api/apps/:id",
    call: async (server) => {
      const target = await createApp(server.db.handle.db);
      return { method: "DELETE", path: `/api/apps/${target.id}` };
    },
    expected: STAFF_ONLY(204),
  },
];

describeEachDatabase("staff access matrix", (kind) => {
  let server: TestServer;
  let youtube: FakeYouTube;
  const callers = {} as Record<ViewerKind, SignedIn>;
  beforeAll(async () => {
    youtube = await startFakeYouTube();
    server = await startTestServer(kind, { ...OWNER_ENV, ...youtube.env });
    for (const viewer of VIEWER_KINDS) callers[viewer] = await signInAs(server, viewer);
  });
  afterAll(async () => {
    await server?.close();
    await youtube?.close();
  });

  for (const row of [
    ...ROWS,
    ...CONTENT_ROWS,
    ...OUTBOX_ROWS,
    ...INTEGRATION_ROWS,
    ...MEDIA_ROWS,
  ]) {
    describe(row.name, () => {
      it.each(VIEWER_KINDS.map((viewer) => [viewer, row.expected[viewer]] as const))(
        "%s -> %i",
        async (viewer, status) => {
          const call = await row.call(server);
          const response = call.form
            ? await uploadForm(server, callers[viewer], { ...call, form: call.form })
            : await requestAs(server, callers[viewer], call.path, call);
          if (status >= 400) {
            await readError(response, status);
          } else {
            expect(response.status, await response.clone().text()).toBe(status);
          }
        },
      );
    });
  }

  describe("cross-site writes", () => {
    it("refuses an admin's write whose Origin is another site, and changes nothing", async () => {
      const employee = fakeEmployee();
      const response = await server.request("/api/employees", {
        method: "POST",
        headers: {
          cookie: callers.admin.cookie,
          origin: "https://evil.example",
          "content-type": "application/json",
        },
        body: JSON.stringify(employee),
      });
      expect((await readError(response, 403)).message).toBe(CROSS_SITE_MESSAGE);
      const list = await requestAs(server, callers.admin, "/api/employees");
      const emails = ((await list.json()) as { email: string }[]).map((e) => e.email);
      expect(emails).not.toContain(employee.email);
    });

    it("refuses a cookie-carrying write without Origin or Referer", async () => {
      const response = await server.request("/api/employees", {
        method: "POST",
        headers: { cookie: callers.admin.cookie, "content-type": "application/json" },
        body: JSON.stringify(fakeEmployee()),
      });
      await readError(response, 403);
    });

    it("refuses an Origin of null and a Referer from another site", async () => {
      const foreign: Record<string, string>[] = [
        { origin: "null" },
        { referer: "https://evil.example/page" },
      ];
      for (const headers of foreign) {
        const response = await server.request(`/api/employees/${crypto.randomUUID()}`, {
          method: "DELETE",
          headers: { cookie: callers.admin.cookie, ...headers },
        });
        await readError(response, 403);
      }
    });

    it("refuses a cross-site sign-in attempt and sign-out", async () => {
      const signInResponse = await server.request("/api/auth/sign-in/email", {
        method: "POST",
        headers: { origin: "https://evil.example", "content-type": "application/json" },
        body: JSON.stringify({ email: OWNER_ENV.ADMIN_EMAIL, password: OWNER_ENV.ADMIN_PASSWORD }),
      });
      await readError(signInResponse, 403);
      expect(signInResponse.headers.getSetCookie()).toEqual([]);
      const signOutResponse = await server.request("/api/auth/sign-out", {
        method: "POST",
        headers: { cookie: callers.employee.cookie, origin: "https://evil.example" },
      });
      await readError(signOutResponse, 403);
      expect((await requestAs(server, callers.employee, "/api/auth/user")).status).toBe(200);
    });

    it("accepts a same-site Referer when the browser sent no Origin", async () => {
      const response = await server.request("/api/employees", {
        method: "POST",
        headers: {
          cookie: callers.admin.cookie,
          referer: `${server.url}/dashboard`,
          "content-type": "application/json",
        },
        body: JSON.stringify(fakeEmployee()),
      });
      expect(response.status).toBe(201);
    });
  });
});

/** A multipart POST as a signed-in browser on the site sends it. */
function uploadForm(server: TestServer, who: SignedIn, call: Call & { form: FormData }) {
  const headers: Record<string, string> = { origin: server.url };
  if (who.cookie) headers.cookie = who.cookie;
  return server.request(call.path, { method: call.method, headers, body: call.form });
}

describeEachDatabase("staff access behind a public SITE_URL", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { ...OWNER_ENV, SITE_URL: "https://studio.example" });
  });
  afterAll(() => server?.close());

  it("accepts writes whose Origin is SITE_URL's origin", async () => {
    const owner = await signInAs(server, "owner");
    const response = await server.request("/api/employees", {
      method: "POST",
      headers: {
        cookie: owner.cookie,
        origin: "https://studio.example",
        "content-type": "application/json",
      },
      body: JSON.stringify(fakeEmployee()),
    });
    expect(response.status).toBe(201);
  });
});
