import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { YOUTUBE_URL_RULE } from "#common/schemas/youtube.ts";
import type { YouTubeInfo } from "#common/types/youtube.ts";
import { YOUTUBE_MESSAGES, YOUTUBE_TIMEOUT_MS } from "#server/services/youtube.server.ts";
import { FAKE_VIDEOS, type FakeYouTube, startFakeYouTube } from "#tests/fakes/youtube-server.ts";
import { readError } from "#tests/helpers/http.ts";
import { requestAs, type SignedIn, signInAs } from "#tests/helpers/staff.ts";
import { describeEachDatabase } from "#tests/helpers/test-database.ts";
import { startTestServer, type TestServer } from "#tests/helpers/test-server.ts";

const ID = "dQw4w9WgXcQ";

describeEachDatabase("POST /api/youtube/info", (kind) => {
  let fake: FakeYouTube;
  let server: TestServer;
  let employee: SignedIn;
  beforeAll(async () => {
    fake = await startFakeYouTube();
    server = await startTestServer(kind, fake.env);
    employee = await signInAs(server, "employee");
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  const lookUp = (url: unknown) =>
    requestAs(server, employee, "/api/youtube/info", { method: "POST", body: { url } });

  it("answers title, description and thumbnail from YouTube's fixed endpoints for the id", async () => {
    const response = await lookUp(`https://www.youtube.com/watch?v=${ID}`);
    expect(response.status).toBe(200);
    const info = (await response.json()) as YouTubeInfo;
    expect(info).toEqual({
      title: FAKE_VIDEOS[ID]?.title,
      description: FAKE_VIDEOS[ID]?.description,
      thumbnail: `${fake.url}/vi/${ID}/hqdefault.jpg`,
      thumbnailDataUrl: `data:image/jpeg;base64,${fake.thumbnail.toString("base64")}`,
    });
    expect([...fake.requests].sort()).toEqual(
      [
        `/oembed?url=${encodeURIComponent(`https://www.youtube.com/watch?v=${ID}`)}&format=json`,
        `/watch?v=${ID}`,
        `/vi/${ID}/hqdefault.jpg`,
      ].sort(),
    );
  });

  it("reads the id from every YouTube video address form and host", async () => {
    const id = "abc_DEF-123";
    for (const url of [
      `https://www.youtube.com/watch?v=${id}`,
      `https://youtube.com/watch?feature=share&v=${id}&t=42`,
      `https://m.youtube.com/watch?v=${id}`,
      `http://www.youtube.com/watch?v=${id}`,
      `https://youtu.be/${id}?si=tracking`,
      `https://www.youtube.com/embed/${id}`,
      `https://www.youtube.com/v/${id}`,
      `https://www.youtube.com/shorts/${id}`,
      `  https://YOUTUBE.com/shorts/${id}  `,
    ]) {
      fake.reset();
      const response = await lookUp(url);
      expect(response.status, url).toBe(200);
      expect(((await response.json()) as YouTubeInfo).title).toBe(FAKE_VIDEOS[id]?.title);
      expect(fake.requests, url).toContain(`/watch?v=${id}`);
    }
  });

  it("refuses anything that is not a YouTube video address with 400, and fetches nothing", async () => {
    for (const url of [
      `${fake.url}/watch?v=${ID}`,
      `https://evil.example/watch?v=${ID}`,
      `https://youtube.com.evil.example/watch?v=${ID}`,
      `https://www.youtube.com@evil.example/watch?v=${ID}`,
      "https://www.youtube.com/watch?v=tooShort",
      "https://www.youtube.com/channel/UC1234567890",
      `javascript:alert('${ID}')`,
      `file:///etc/passwd?v=${ID}`,
      ID,
      "",
      42,
      null,
    ]) {
      const body = await readError(await lookUp(url), 400);
      expect(body, String(url)).toEqual({
        message: YOUTUBE_URL_RULE,
        errors: { url: YOUTUBE_URL_RULE },
      });
    }
    const missing = await requestAs(server, employee, "/api/youtube/info", {
      method: "POST",
      body: {},
    });
    await readError(missing, 400);
    expect(fake.requests).toEqual([]);
  });

  it("answers 502 when YouTube knows no such video", async () => {
    const body = await readError(await lookUp("https://youtu.be/zzzzzzzzzzz"), 502);
    expect(body).toEqual({ message: YOUTUBE_MESSAGES.notFound });
  });

  it("answers 502 when YouTube fails", async () => {
    fake.setMode("fail");
    const body = await readError(await lookUp(`https://youtu.be/${ID}`), 502);
    expect(body).toEqual({ message: YOUTUBE_MESSAGES.failed });
  });

  it("answers 502 without following a redirect", async () => {
    fake.setMode("redirect");
    const body = await readError(await lookUp(`https://youtu.be/${ID}`), 502);
    expect(body).toEqual({ message: YOUTUBE_MESSAGES.failed });
    expect(fake.requests.length).toBeGreaterThan(0);
    expect(fake.requests).not.toContain("/elsewhere");
  });

  it("answers 502 when oEmbed's answer is larger than any real one", async () => {
    fake.setMode("huge");
    const body = await readError(await lookUp(`https://youtu.be/${ID}`), 502);
    expect(body).toEqual({ message: YOUTUBE_MESSAGES.failed });
  });

  it("still answers the title when the description and thumbnail cannot be fetched", async () => {
    fake.setMode("partial");
    const response = await lookUp(`https://youtu.be/${ID}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      title: FAKE_VIDEOS[ID]?.title,
      description: "",
      thumbnail: `${fake.url}/vi/${ID}/hqdefault.jpg`,
      thumbnailDataUrl: null,
    });
  });

  it("answers 504 when YouTube does not answer in time", async () => {
    fake.setMode("slow");
    const started = Date.now();
    const body = await readError(await lookUp(`https://youtu.be/${ID}`), 504);
    expect(body).toEqual({ message: YOUTUBE_MESSAGES.timeout });
    // Not before the limit (timers may fire a millisecond early). The fake never answers, so the
    // answer itself shows that the server stopped waiting; how long after the limit it came
    // depends on how busy the machine is, and is not checked.
    expect(Date.now() - started).toBeGreaterThanOrEqual(YOUTUBE_TIMEOUT_MS - 100);
  });

  describe("access", () => {
    it("answers 401 signed out and 403 without staff access, fetching nothing", async () => {
      const url = `https://youtu.be/${ID}`;
      await readError(
        await requestAs(server, { cookie: "" }, "/api/youtube/info", {
          method: "POST",
          body: { url },
        }),
        401,
      );
      const outsider = await signInAs(server, "no-access");
      await readError(
        await requestAs(server, outsider, "/api/youtube/info", { method: "POST", body: { url } }),
        403,
      );
      expect(fake.requests).toEqual([]);
    });
  });
});
