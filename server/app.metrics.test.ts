import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPost, fromNow } from "#tests/factories/post.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

// /metrics over HTTP on the real app: served only to the scraper holding METRICS_TOKEN, in
// Prometheus's text format, with route labels that stay few whatever addresses are asked for.

const TOKEN = "metrics-token-for-the-tests";

/** The samples of one metric: label set (as written) -> value. */
function samples(text: string, name: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labels = line.startsWith(`${name}{`)
      ? line.slice(name.length, line.indexOf("}") + 1)
      : "";
    found.set(labels, Number(line.slice(line.lastIndexOf(" ") + 1)));
  }
  return found;
}

describe("/metrics without METRICS_TOKEN [sqlite]", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("sqlite");
  });
  afterAll(() => server?.close());

  it("is not served at all", async () => {
    expect((await server.request("/metrics")).status).toBe(404);
    const withSomeToken = await server.request("/metrics", {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(withSomeToken.status).toBe(404);
  });
});

describeEachDatabase("/metrics with METRICS_TOKEN", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { METRICS_TOKEN: TOKEN }, { responseCacheTtlMs: 60_000 });
  });
  afterAll(() => server?.close());

  const scrape = async () => {
    const response = await server.request("/metrics", {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    return response.text();
  };

  it("answers 401 without the token, with a wrong one, or with it in another scheme", async () => {
    for (const authorization of [
      undefined,
      "Bearer wrong-token-of-the-same-kind",
      `Bearer ${TOKEN}x`,
      `Basic ${TOKEN}`,
      TOKEN,
    ]) {
      const response = await server.request("/metrics", {
        headers: authorization ? { authorization } : {},
      });
      expect(response.status, authorization).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.text()).not.toContain("studio_");
    }
  });

  it("takes the bearer scheme spelled in any case", async () => {
    for (const scheme of ["bearer", "BEARER", "bEaReR", "Bearer  "]) {
      const response = await server.request("/metrics", {
        headers: { authorization: `${scheme} ${TOKEN}` },
      });
      expect(response.status, scheme).toBe(200);
      expect(await response.text()).toContain("studio_http_requests_total");
    }
  });

  it("counts requests by route pattern and status, and the process's own metrics", async () => {
    for (let i = 0; i < 3; i++) await (await server.request("/healthz")).arrayBuffer();
    await (await server.request(`/api/posts/${randomBytes(4).toString("hex")}`)).arrayBuffer();
    const text = await scrape();
    const requests = samples(text, "studio_http_requests_total");
    expect(requests.get('{route="/healthz",status="200"}')).toBeGreaterThanOrEqual(3);
    // A staff-only call asked without a session: its route's pattern, answered 401.
    expect(requests.get('{route="/api/posts/:id",status="401"}')).toBe(1);
    const durations = samples(text, "studio_http_request_duration_seconds_count");
    expect(durations.get('{route="/healthz",status="200"}')).toBeGreaterThanOrEqual(3);
    expect(text).toContain('studio_http_request_duration_seconds_bucket{le="0.005"');
    for (const name of [
      "process_cpu_user_seconds_total",
      "process_resident_memory_bytes",
      "nodejs_eventloop_lag_seconds",
      "nodejs_heap_size_used_bytes",
    ]) {
      expect(text, name).toContain(`\n${name} `);
    }
  });

  it("keeps route labels few whatever addresses are asked for", async () => {
    const made: string[] = [];
    const random = () => {
      made.push(randomBytes(6).toString("hex"));
      return made.at(-1);
    };
    const asked: string[] = [];
    for (let i = 0; i < 25; i++) {
      asked.push(
        `/${random()}`,
        `/api/${random()}`,
        `/api/posts/slug/${random()}`,
        `/uploads/${random()}.png`,
        `/assets/${random()}.js`,
        `/${random()}/${random()}?q=${random()}`,
      );
    }
    for (const path of asked) await (await server.request(path)).arrayBuffer();
    const text = await scrape();
    const routes = new Set(
      [...samples(text, "studio_http_requests_total").keys()].map(
        (labels) => /route="([^"]*)"/.exec(labels)?.[1] ?? "",
      ),
    );
    expect(routes.size).toBeLessThan(15);
    for (const route of routes) {
      expect(
        made.filter((part) => route.includes(part)),
        route,
      ).toEqual([]);
    }
    expect(routes).toContain("/api/posts/slug/:slug");
    expect(routes).toContain("uploads");
    expect(routes).toContain("api");
  });

  it("counts the response cache's hits and misses", async () => {
    const before = await scrape();
    const hits = samples(before, "studio_response_cache_hits_total").get("") ?? 0;
    const misses = samples(before, "studio_response_cache_misses_total").get("") ?? 0;
    const path = `/api/posts/published?m=${randomBytes(4).toString("hex")}`;
    for (let i = 0; i < 3; i++) expect((await server.request(path)).status).toBe(200);
    const after = await scrape();
    expect(samples(after, "studio_response_cache_misses_total").get("")).toBe(misses + 1);
    expect(samples(after, "studio_response_cache_hits_total").get("")).toBe(hits + 2);
  });

  it("reports the scheduled posts waiting and those due that the sweep has not published", async () => {
    const db = server.db.handle.db;
    const gauge = async (name: string) => samples(await scrape(), name).get("");
    expect(await gauge("studio_scheduled_posts_waiting")).toBe(0);
    await createPost(db, { status: "scheduled", scheduledAt: fromNow(60 * 60_000) });
    const due = await createPost(db, { status: "scheduled", scheduledAt: fromNow(60 * 60_000) });
    await db
      .updateTable("posts")
      .set({ scheduledAt: fromNow(-60_000) })
      .where("id", "=", due.id)
      .execute();
    expect(await gauge("studio_scheduled_posts_waiting")).toBe(2);
    expect(await gauge("studio_scheduled_posts_due")).toBe(1);
  });

  it("reports the PostgreSQL pool's use (PostgreSQL only)", async () => {
    const text = await scrape();
    const open = samples(text, "studio_db_pool_connections_open").get("");
    if (kind === "sqlite") {
      expect(open).toBeUndefined();
      return;
    }
    expect(open).toBeGreaterThanOrEqual(1);
    expect(samples(text, "studio_db_pool_connections_max").get("")).toBe(10);
    expect(samples(text, "studio_db_pool_connections_idle").get("")).toBeGreaterThanOrEqual(0);
    expect(samples(text, "studio_db_pool_waiting_clients").get("")).toBe(0);
  });
});
