import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CROSS_SITE_MESSAGE } from "#server/auth/origin.server.ts";
import { BODY_LIMITS } from "#server/http/body-limits.server.ts";
import { PAGE_FORM_MESSAGES } from "#server/http/page-forms.server.ts";
import { eventually } from "#tests/helpers/http.ts";
import type { LogLine } from "#tests/helpers/log-lines.ts";
import {
  createServerData,
  killServerProcesses,
  type ServerData,
  type ServerProcess,
  startServerProcess,
} from "#tests/helpers/server-process.ts";

// Bodies the page forms cannot read, posted to the production build: each is answered 400, 415
// or 413 with a message, and none logs an error or a stack. The forms' own answers (a wrong
// password, a short one) are tests/process/sign-in-pages.test.ts's.
// On SQLite only: nothing here reaches the database.

const OWNER = { ADMIN_EMAIL: "owner@forms.test", ADMIN_PASSWORD: "owner-forms-password" };

/** The pages with an action, and the mailed subscriber links' POSTs outside /api. */
const FORM_PAGES = [
  "/login",
  "/forgot-password",
  "/reset-password/abc",
  "/invite/abc",
  "/subscribe",
];
const LINK_POSTS = ["/unsubscribe/abc", "/subscribe/confirm/abc"];

const BOUNDARY = "----form-boundary-1234";
/** A multipart body whose part never ends (no closing boundary). */
const CUT_MULTIPART = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="email"\r\n\r\nowner@`;
/** A part whose head is not a header at all. */
const BAD_PART_HEAD = `--${BOUNDARY}\r\nnot a header\r\n\r\nx\r\n--${BOUNDARY}--\r\n`;
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const FORM = "application/x-www-form-urlencoded";

type Case = { type: string | null; body: string; status: number; message?: string };

const UNREADABLE: Case[] = [
  { type: MULTIPART, body: CUT_MULTIPART, status: 400, message: PAGE_FORM_MESSAGES.unreadable },
  { type: MULTIPART, body: BAD_PART_HEAD, status: 400, message: PAGE_FORM_MESSAGES.unreadable },
  {
    type: "multipart/form-data",
    body: "no boundary given",
    status: 400,
    message: PAGE_FORM_MESSAGES.unreadable,
  },
];

/** Not a form's content type: JSON, text, XML, none. */
const UNSUPPORTED: Case[] = (
  [
    ["application/json", '{"email":"owner@forms.test","password":"x"}'],
    ["text/plain", "email=owner@forms.test"],
    ["application/xml", "<form><email>owner@forms.test</email></form>"],
    [null, "email=owner@forms.test"],
  ] as const
).map(([type, body]) => ({ type, body, status: 415, message: PAGE_FORM_MESSAGES.unsupported }));

const FORM_PAGE_CASES: Case[] = [
  ...UNREADABLE,
  ...UNSUPPORTED,
  // Cut short inside an escape: read as it stands, and refused by the form's own rules.
  { type: FORM, body: "email=owner%4", status: 400 },
  { type: FORM, body: "x".repeat(BODY_LIMITS.page + 1), status: 413 },
];

describe("page forms with bodies they cannot read [sqlite]", () => {
  let data: ServerData;
  let server: ServerProcess;
  beforeAll(async () => {
    data = await createServerData("sqlite");
    server = await startServerProcess({ ...data.env, ...OWNER });
  });
  afterAll(async () => {
    await killServerProcesses();
    await data?.destroy();
  });

  function post(path: string, type: string | null, body: string, headers = {}) {
    return fetch(server.url + path, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, ...(type ? { "content-type": type } : {}), ...headers },
      body: type ? body : new Blob([body]),
    });
  }

  /** The process's log lines so far, once the line of the request with this id is among them. */
  async function linesUpTo(requestId: string | null): Promise<LogLine[]> {
    expect(requestId).toBeTruthy();
    return eventually(async () => {
      const lines = server
        .stdout()
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map((line) => JSON.parse(line) as LogLine);
      expect(lines.some((line) => line.req?.id === requestId)).toBe(true);
      return lines;
    });
  }

  function expectNoErrorLogged(lines: LogLine[]) {
    const errors = lines.filter((line) => line.level >= 50 || line.err?.stack !== undefined);
    expect(errors.map((line) => line.msg)).toEqual([]);
  }

  const table = [
    ...FORM_PAGES.flatMap((path) => FORM_PAGE_CASES.map((item) => ({ path, ...item }))),
    // React Router's data requests, as its own forms post them after hydration.
    ...FORM_PAGES.flatMap((path) =>
      [...UNREADABLE, ...UNSUPPORTED].map((item) => ({ path: `${path}.data`, ...item })),
    ),
    ...LINK_POSTS.flatMap((path) => UNREADABLE.map((item) => ({ path, ...item }))),
  ];

  it.each(table)("answers $status to POST $path as $type, logging no error", async (item) => {
    const response = await post(item.path, item.type, item.body);
    expect(response.status).toBe(item.status);
    const text = await response.text();
    if (item.message) expect(JSON.parse(text)).toEqual({ message: item.message });
    expect(text).not.toMatch(/\n\s+at /);
    expectNoErrorLogged(await linesUpTo(response.headers.get("x-request-id")));
  });

  it.each(
    FORM_PAGES.flatMap((path) => [
      { path, headers: { origin: "https://evil.example" } },
      { path, headers: { origin: "null" } },
      { path, headers: { referer: "https://evil.example/phish" } },
    ]),
  )(
    "refuses a form posted to $path from another site with 403, logging no error",
    async ({ path, headers }) => {
      const response = await fetch(server.url + path, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": FORM, ...headers },
        body: new URLSearchParams({ email: OWNER.ADMIN_EMAIL, password: OWNER.ADMIN_PASSWORD }),
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: CROSS_SITE_MESSAGE });
      expect(response.headers.getSetCookie()).toEqual([]);
      expectNoErrorLogged(await linesUpTo(response.headers.get("x-request-id")));
    },
  );
});
