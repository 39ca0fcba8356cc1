import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUBSCRIBER_LINK_FIELDS } from "#common/subscriber-link-fields.ts";
import { unsubscribeUrl } from "#server/services/subscriber-links.server.ts";
import { createSubscriber } from "#tests/factories/subscriber.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";
import { ONE_CLICK_ANSWERS } from "./subscriber-links.router.ts";

const FROM_PAGE_FIELD = SUBSCRIBER_LINK_FIELDS.fromPage;

// RFC 8058 one-click unsubscribe: what a mail program sends, with no cookie and no Origin
// (docs/decisions/027-double-opt-in-and-unsubscribe.md).

describeEachDatabase("POST /unsubscribe/:token", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());
  const db = () => server.db.handle.db;
  const linkOf = (id: string) =>
    new URL(
      unsubscribeUrl({ siteUrl: server.config.siteUrl, secret: server.config.sessionSecret }, id),
    ).pathname;
  const onList = async (id: string) =>
    (await db().selectFrom("subscribers").select("id").where("id", "=", id).executeTakeFirst()) !==
    undefined;
  const oneClick = (path: string, init: RequestInit = {}) =>
    server.request(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
      redirect: "manual",
      ...init,
    });

  it("unsubscribes with a form-encoded body, no cookie and no Origin, in plain text", async () => {
    const reader = await createSubscriber(db());
    const other = await createSubscriber(db());
    const response = await oneClick(linkOf(reader.id));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await response.text()).toBe(ONE_CLICK_ANSWERS.done);
    expect(await onList(reader.id)).toBe(false);
    expect(await onList(other.id)).toBe(true);
  });

  it("unsubscribes with a multipart body, and from another site's Origin", async () => {
    const reader = await createSubscriber(db());
    const form = new FormData();
    form.append("List-Unsubscribe", "One-Click");
    const response = await server.request(linkOf(reader.id), {
      method: "POST",
      headers: { origin: "https://mail.example.net" },
      body: form,
    });
    expect(response.status).toBe(200);
    expect(await onList(reader.id)).toBe(false);
  });

  it("answers 200 again for an address that already left, so a retry is not an error", async () => {
    const reader = await createSubscriber(db());
    await oneClick(linkOf(reader.id));
    const again = await oneClick(linkOf(reader.id));
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(ONE_CLICK_ANSWERS.ended);
  });

  it("sends the page's own form back to the page, saying it unsubscribed", async () => {
    const reader = await createSubscriber(db());
    const path = linkOf(reader.id);
    const response = await oneClick(path, {
      body: `List-Unsubscribe=One-Click&${FROM_PAGE_FIELD}=1`,
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${path}?unsubscribed=1`);
    expect(await onList(reader.id)).toBe(false);
  });

  it("keeps a later subscription of the address, and does not claim to end it", async () => {
    const earlier = await createSubscriber(db());
    const oldLink = linkOf(earlier.id);
    const left = await server.postJson(
      "/api/newsletter/unsubscribe",
      { email: earlier.email },
      { headers: { "content-type": "application/json", origin: server.url } },
    );
    expect(left.status).toBe(200);
    const again = await createSubscriber(db(), { email: earlier.email });

    const response = await oneClick(oldLink);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(ONE_CLICK_ANSWERS.ended);
    const fromPage = await oneClick(oldLink, {
      body: `List-Unsubscribe=One-Click&${FROM_PAGE_FIELD}=1`,
    });
    expect(fromPage.status).toBe(303);
    expect(fromPage.headers.get("location")).toBe(oldLink);
    expect(await onList(again.id)).toBe(true);

    // The current subscription's own link still ends it.
    const current = await oneClick(linkOf(again.id));
    expect(await current.text()).toBe(ONE_CLICK_ANSWERS.done);
    expect(await onList(again.id)).toBe(false);
  });

  it("does nothing on GET", async () => {
    const reader = await createSubscriber(db());
    await server.request(linkOf(reader.id));
    await server.request(linkOf(reader.id), { method: "HEAD" });
    expect(await onList(reader.id)).toBe(true);
  });

  it("refuses a POST without List-Unsubscribe=One-Click and keeps the address", async () => {
    const reader = await createSubscriber(db());
    for (const body of ["", "List-Unsubscribe=Yes", "one-click"]) {
      const response = await oneClick(linkOf(reader.id), { body });
      expect(response.status, body).toBe(400);
      expect(await response.text()).toBe(ONE_CLICK_ANSWERS.notOneClick);
    }
    expect(await onList(reader.id)).toBe(true);
  });

  it("answers 400 for a link it did not sign, and touches no address", async () => {
    const reader = await createSubscriber(db());
    const path = linkOf(reader.id);
    const tampered = `${path.slice(0, -1)}${path.endsWith("A") ? "B" : "A"}`;
    for (const bad of [tampered, `/unsubscribe/${reader.id}`, "/unsubscribe/x.y.z"]) {
      const response = await oneClick(bad);
      expect(response.status, bad).toBe(400);
      expect(await response.text()).toBe(ONE_CLICK_ANSWERS.invalid);
    }
    expect(await onList(reader.id)).toBe(true);
  });

  describe("the newsletter's unsubscribe by address", () => {
    it("still takes an address off the list from the /unsubscribe form", async () => {
      const reader = await createSubscriber(db());
      const response = await server.postJson(
        "/api/newsletter/unsubscribe",
        { email: reader.email },
        { headers: { "content-type": "application/json", origin: server.url } },
      );
      expect(response.status).toBe(200);
      expect(await onList(reader.id)).toBe(false);
    });
  });
});
