import { afterAll, beforeAll, expect, it } from "vitest";
import type { Paged } from "#common/types/post-list.ts";
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointCreated,
  WebhookTestOutcome,
} from "#common/types/webhook.ts";
import { deliverOne } from "#server/jobs/webhook-worker.server.ts";
import { createPost, fromNow } from "#tests/factories/post.ts";
import { startWebhookReceiver, type WebhookReceiver } from "#tests/fakes/webhook-receiver.ts";
import { readError } from "#tests/helpers/http.ts";
import { OWNER_ENV, requestAs, type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

// /api/integrations (docs/product/api.md#integrations): endpoints, the events publishing queues,
// the delivery log, Resend and "Send a test", against loopback receivers.

const TOKEN = "t0ken-that-is-secret-abcdefghijklmnop";

describeEachDatabase("integrations API", (kind) => {
  let server: TestServer;
  let admin: SignedIn;
  let chat: WebhookReceiver;
  let chatEndpoint: WebhookEndpoint;
  beforeAll(async () => {
    chat = await startWebhookReceiver();
    server = await startTestServer(kind, {
      ...OWNER_ENV,
      COMPANY_NAME: "Override Studios",
      WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: "1",
    });
    admin = await signInAs(server, "admin");
  });
  afterAll(async () => {
    await server?.close();
    await chat?.close();
  });

  const call = (path: string, options: { method?: string; body?: unknown } = {}) =>
    requestAs(server, admin, `/api/integrations${path}`, options);
  const deliverAll = async () => {
    const options = { holder: "api-test:1:a", timeoutMs: 2_000 };
    while (await deliverOne(server.db.handle.db, server.config, options)) {}
  };
  async function log(endpoint: WebhookEndpoint): Promise<WebhookDelivery[]> {
    const response = await call(`/${endpoint.id}/deliveries?page=1`);
    expect(response.status).toBe(200);
    return ((await response.json()) as Paged<WebhookDelivery>).items;
  }

  it("adds a chat endpoint and lists it with its address's token hidden", async () => {
    const response = await call("", {
      method: "POST",
      body: {
        name: "Community chat",
        kind: "chat",
        url: `${chat.url}/${TOKEN}`,
        events: ["post.published", "marketplace.launched"],
      },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const created = (await response.json()) as WebhookEndpointCreated;
    expect(created.secret).toBeNull();
    chatEndpoint = created.endpoint;
    expect(chatEndpoint).toMatchObject({ kind: "chat", enabled: true, lastDelivery: null });
    const list = (await (await call("")).json()) as WebhookEndpoint[];
    expect(list.map((endpoint) => endpoint.name)).toEqual(["Community chat"]);
    expect(JSON.stringify(list)).not.toContain(TOKEN);
    expect(list[0]?.displayUrl).toBe(`${new URL(chat.url).origin}/hooks/studio/…`);
  });

  it("refuses an endpoint without events or with an address that is not http(s)", async () => {
    const noEvents = await call("", {
      method: "POST",
      body: { name: "X", kind: "chat", url: chat.url, events: [] },
    });
    expect((await readError(noEvents, 400)).errors).toMatchObject({
      events: "Choose at least one event.",
    });
    const badUrl = await call("", {
      method: "POST",
      body: { name: "X", kind: "generic", url: "ftp://example.com/x", events: ["post.published"] },
    });
    expect((await readError(badUrl, 400)).errors?.url).toBeDefined();
  });

  it("sends the chat a card when a post is published, and logs the delivery", async () => {
    const post = await requestAs(server, admin, "/api/posts", {
      method: "POST",
      body: {
        title: "Dragon Flight is out",
        slug: "dragon-flight",
        excerpt: "Fly over the islands.",
        content: "<p>Hello.</p>",
        status: "published",
      },
    });
    expect(post.status, await post.clone().text()).toBe(201);
    await deliverAll();
    expect(chat.received).toHaveLength(1);
    const message = JSON.parse(chat.received[0]?.body ?? "{}");
    expect(message).toMatchObject({
      content: "New post",
      username: "Override Studios",
      allowed_mentions: { parse: [] },
      embeds: [
        {
          title: "Dragon Flight is out",
          description: "Fly over the islands.",
          url: `${server.config.siteUrl}/blog/dragon-flight`,
        },
      ],
    });
    const [delivery] = await log(chatEndpoint);
    expect(delivery).toMatchObject({
      eventType: "post.published",
      subject: "Dragon Flight is out",
      status: "delivered",
      statusCode: 200,
      response: "ok",
      attempts: 1,
      nextAttemptAt: null,
    });
    const list = (await (await call("")).json()) as WebhookEndpoint[];
    expect(list[0]?.lastDelivery).toMatchObject({ status: "delivered", statusCode: 200 });
  });

  it("announces a marketplace item once, with its pack type, and updates only when asked", async () => {
    const db = server.db.handle.db;
    const item = await createPost(db, {
      status: "draft",
      category: "marketplace-content",
      packType: "skin-pack",
      releaseDate: fromNow(-86_400_000),
    });
    const publish = await requestAs(server, admin, "/api/posts/bulk", {
      method: "POST",
      body: { action: "publish", ids: [item.id] },
    });
    expect(publish.status).toBe(200);
    const types = (await log(chatEndpoint)).map((delivery) => delivery.eventType).sort();
    expect(types).toEqual(["marketplace.launched", "post.published", "post.published"]);
    await deliverAll();
    const launch = chat.received
      .map((request) => JSON.parse(request.body))
      .find((message) => message.content === "Now live on the marketplace");
    expect(launch.embeds[0].fields).toEqual([
      { name: "Pack type", value: "Skin Pack", inline: true },
    ]);

    // Saving the live post again: no post.updated until the endpoint takes it.
    const save = (title: string) =>
      requestAs(server, admin, `/api/posts/${item.id}`, {
        method: "PUT",
        body: { title, slug: item.slug, content: "<p>New.</p>", status: "published" },
      });
    expect((await save("Renamed once")).status).toBe(200);
    expect(await log(chatEndpoint)).toHaveLength(3);
    const edit = await call(`/${chatEndpoint.id}`, {
      method: "PUT",
      body: { name: "Community chat", events: ["post.published", "post.updated"], enabled: true },
    });
    expect(edit.status, await edit.clone().text()).toBe(200);
    expect((await save("Renamed twice")).status).toBe(200);
    const newest = (await log(chatEndpoint))[0];
    expect(newest).toMatchObject({ eventType: "post.updated", subject: "Renamed twice" });
    await deliverAll();
  });

  it("resends a delivery under the same webhook-id", async () => {
    const [newest] = await log(chatEndpoint);
    const before = chat.received.length;
    const response = await call(`/${chatEndpoint.id}/deliveries/${newest?.id}/resend`, {
      method: "POST",
    });
    expect(response.status).toBe(202);
    await deliverAll();
    expect(chat.received).toHaveLength(before + 1);
    expect((await log(chatEndpoint))[0]).toMatchObject({
      id: newest?.id,
      status: "delivered",
      attempts: 2,
    });
    await readError(
      await call(`/${chatEndpoint.id}/deliveries/msg_${"0".repeat(32)}/resend`, { method: "POST" }),
      404,
    );
  });

  it("sends a test card now and answers the receiver's outcome", async () => {
    chat.answerWith(() => ({ status: 204 }));
    const response = await call(`/${chatEndpoint.id}/test`, { method: "POST" });
    const outcome = (await response.json()) as WebhookTestOutcome;
    expect(outcome).toMatchObject({ ok: true, statusCode: 204, error: null });
    expect(JSON.parse(chat.received.at(-1)?.body ?? "{}").embeds[0].title).toMatch(/^Sample:/);
    chat.answerWith(() => ({ status: 404, body: "Unknown Webhook" }));
    const failed = (await (
      await call(`/${chatEndpoint.id}/test`, { method: "POST" })
    ).json()) as WebhookTestOutcome;
    expect(failed).toMatchObject({ ok: false, statusCode: 404, response: "Unknown Webhook" });
    chat.answerWith(() => ({ status: 200, body: "ok" }));
  });

  it("gives a generic endpoint a secret shown once, and a new one on request", async () => {
    const response = await call("", {
      method: "POST",
      body: { name: "Automation", kind: "generic", url: chat.url, events: ["newsletter.sent"] },
    });
    const { endpoint, secret } = (await response.json()) as WebhookEndpointCreated;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(JSON.stringify(await (await call("")).json())).not.toContain(secret?.slice(6));
    const again = await call(`/${endpoint.id}/secret`, { method: "POST" });
    const next = ((await again.json()) as { secret: string }).secret;
    expect(next).toMatch(/^whsec_/);
    expect(next).not.toBe(secret);
    await readError(await call(`/${chatEndpoint.id}/secret`, { method: "POST" }), 400);
    expect((await call(`/${endpoint.id}`, { method: "DELETE" })).status).toBe(204);
    await readError(await call(`/${endpoint.id}`, { method: "DELETE" }), 404);
  });
});

describeEachDatabase("integrations API without private addresses", (kind) => {
  let server: TestServer;
  let admin: SignedIn;
  beforeAll(async () => {
    server = await startTestServer(kind, OWNER_ENV);
    admin = await signInAs(server, "owner");
  });
  afterAll(() => server?.close());

  it("refuses http and private-network addresses with a clear message", async () => {
    for (const [url, message] of [
      ["http://hooks.example/x", "The webhook's address must start with https://."],
      ["https://127.0.0.1:8443/x", /private network/],
      ["https://[fd00::1]/x", /private network/],
      ["https://169.254.169.254/latest", /private network/],
    ] as const) {
      const response = await requestAs(server, admin, "/api/integrations", {
        method: "POST",
        body: { name: "X", kind: "generic", url, events: ["post.published"] },
      });
      const error = await readError(response, 400);
      expect(error.message).toMatch(message);
      expect(error.errors?.url).toBe(error.message);
    }
    const list = await requestAs(server, admin, "/api/integrations");
    expect(await list.json()).toEqual([]);
  });
});
