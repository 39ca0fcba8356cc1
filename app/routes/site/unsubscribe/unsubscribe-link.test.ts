import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import { serverContext } from "#server/context.server.ts";
import { unsubscribeUrl } from "#server/services/subscriber-links.server.ts";
import { createSubscriber } from "#tests/factories/subscriber.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";
import { loader } from "./unsubscribe-link.tsx";

// The unsubscribe link's page, as React Router asks its loader, after the link's POST went
// through the real server: a link from before the address subscribed again must not say the
// address is off the list.

describeEachDatabase("the unsubscribe link's page", (kind) => {
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

  /** The page's loader data and status for an address (path and query) as the browser asks. */
  async function page(address: string) {
    const context = new RouterContextProvider();
    context.set(serverContext, server.context);
    const request = new Request(`${server.config.siteUrl}${address}`);
    const token = decodeURIComponent(address.split("?")[0]?.split("/").pop() ?? "");
    const result = await loader({ request, context, params: { token } } as never);
    return { status: result.init?.status ?? 200, ...result.data };
  }

  /** What the page's button sends; answers where the browser is sent next. */
  async function pressUnsubscribe(path: string): Promise<string> {
    const response = await server.request(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click&from-page=1",
      redirect: "manual",
    });
    expect(response.status).toBe(303);
    return response.headers.get("location") ?? "";
  }

  it("says the address left only after the press that took it off", async () => {
    const reader = await createSubscriber(db());
    const path = linkOf(reader.id);
    expect(await page(path)).toMatchObject({
      status: 200,
      state: { status: "subscribed", email: reader.email },
    });
    const next = await pressUnsubscribe(path);
    expect(await page(next)).toMatchObject({
      status: 200,
      state: { status: "gone" },
      justUnsubscribed: true,
    });
  });

  it("says an earlier subscription's link has ended, and keeps the new subscription", async () => {
    const earlier = await createSubscriber(db());
    const oldLink = linkOf(earlier.id);
    await db().deleteFrom("subscribers").where("id", "=", earlier.id).execute();
    const again = await createSubscriber(db(), { email: earlier.email });

    expect(await page(oldLink)).toMatchObject({
      state: { status: "gone" },
      justUnsubscribed: false,
    });
    const next = await pressUnsubscribe(oldLink);
    expect(next).toBe(oldLink);
    expect(await page(next)).toMatchObject({ state: { status: "gone" }, justUnsubscribed: false });
    const still = await db()
      .selectFrom("subscribers")
      .select("id")
      .where("email", "=", earlier.email)
      .executeTakeFirst();
    expect(still?.id).toBe(again.id);
  });
});
