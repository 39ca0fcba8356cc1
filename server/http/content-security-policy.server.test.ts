import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  createScriptMark,
  hashMarkedScripts,
  type PageScripts,
  policyBuilder,
  scriptHash,
} from "./content-security-policy.server.ts";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");

describe("hashMarkedScripts", () => {
  const mark = createScriptMark();
  const page = (scripts: string) =>
    `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/a.js" nonce="${mark}"/>` +
    `</head><body><p>Café – “quotes”</p>${scripts}</body></html>`;

  it("hashes the marked inline scripts and removes every mark", () => {
    const { body: bytes, hashes } = hashMarkedScripts(
      Buffer.from(
        page(
          `<script nonce="${mark}">window.a = "é";</script>` +
            `<script nonce="${mark}" type="module" async="">import "/assets/b.js";</script>`,
        ),
      ),
      mark,
    );
    const body = bytes.toString();
    expect(hashes).toEqual([sha256('window.a = "é";'), sha256('import "/assets/b.js";')]);
    expect(body).not.toContain(mark);
    expect(body).not.toContain("nonce=");
    expect(body).toContain('<p>Café – “quotes”</p><script>window.a = "é";</script>');
    expect(body).toContain('<script type="module" async="">import "/assets/b.js";');
    expect(body).toContain('<link rel="modulepreload" href="/assets/a.js"/>');
    expect(body.endsWith("</script></body></html>")).toBe(true);
  });

  it("never hashes a script without the mark, such as one smuggled in by content", () => {
    const smuggled = "<script>alert(1)</script>";
    const forged = `<script nonce="${createScriptMark()}">alert(2)</script>`;
    const { body, hashes } = hashMarkedScripts(
      Buffer.from(page(`${smuggled}${forged}<script nonce="${mark}">ok()</script>`)),
      mark,
    );
    expect(hashes).toEqual([sha256("ok()")]);
    expect(body.toString()).toContain(smuggled);
  });

  it("lists a script that occurs twice once, and leaves a page without marks as it is", () => {
    const twice = `<script nonce="${mark}">x()</script>`.repeat(2);
    expect(hashMarkedScripts(Buffer.from(page(twice)), mark).hashes).toEqual([sha256("x()")]);
    const plain = Buffer.from("<html><script>x()</script></html>");
    const result = hashMarkedScripts(plain, mark);
    expect(result.body).toBe(plain);
    expect(result.hashes).toEqual([]);
  });

  it("removes the marks in place, keeping every other byte in order", () => {
    const scripts = Array.from(
      { length: 5 },
      (_, i) => `<script nonce="${mark}">s${i}("é")</script>`,
    );
    const html = page(scripts.join("<p>–</p>"));
    const bytes = Buffer.from(html);
    const { body, hashes } = hashMarkedScripts(bytes, mark);
    expect(body.toString()).toBe(html.replaceAll(` nonce="${mark}"`, ""));
    expect(body.buffer).toBe(bytes.buffer);
    expect(hashes).toHaveLength(5);
  });

  it("hashes the text as a browser parses it: line breaks as LF", () => {
    expect(scriptHash("a()\r\nb()\rc()")).toBe(sha256("a()\nb()\nc()"));
    expect(scriptHash(Buffer.from('a()\r\nb()\rc("é")'))).toBe(sha256('a()\nb()\nc("é")'));
    expect(scriptHash(Buffer.from('c("é")'))).toBe(sha256('c("é")'));
  });
});

describe("a page's scripts, allowed as the renderer hands the page over", () => {
  /** The PageScripts a page request gets, and the response headers it sets. */
  function pageRequest() {
    const headers = new Map<string, string>();
    const res = {
      locals: {} as Record<string, unknown>,
      setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
    };
    contentSecurityPolicy({ https: false })({ url: "/blog/a" } as never, res as never, () => {});
    return { pageScripts: res.locals.pageScripts as PageScripts, headers };
  }

  it("answers the page without its marks and allows its scripts in this response only", () => {
    const first = pageRequest();
    const mark = first.pageScripts.mark;
    const html = `<html><body><p>é</p><script nonce="${mark}">one()</script></body></html>`;
    expect(first.pageScripts.allow(Buffer.from(html)).toString()).toBe(
      html.replace(` nonce="${mark}"`, ""),
    );
    expect(first.headers.get("content-security-policy")).toContain(`'sha256-${sha256("one()")}'`);

    // Another page's scripts are its own response's: a page without any allows none.
    const second = pageRequest();
    const plain = Buffer.from(`<html><body>${"x".repeat(5000)}</body></html>`);
    expect(second.pageScripts.allow(plain)).toBe(plain);
    expect(second.headers.get("content-security-policy")).not.toContain("sha256-");
    expect(first.headers.get("content-security-policy")).toContain(`'sha256-${sha256("one()")}'`);
  });
});

describe("policyBuilder", () => {
  it("allows scripts from the site only, plus a page's hashes", () => {
    const policies = policyBuilder({ https: false });
    expect(policies.none).toContain(";script-src 'self';script-src-attr 'none';");
    expect(policies.withHashes([])).toBe(policies.none);
    expect(policies.withHashes(["abc=", "def="])).toBe(
      policies.none.replace("script-src 'self';", "script-src 'self' 'sha256-abc=' 'sha256-def=';"),
    );
    expect(policies.none).not.toContain("upgrade-insecure-requests");
    expect(policyBuilder({ https: true }).none).toMatch(/;upgrade-insecure-requests$/);
  });

  it("adds a plain-http origin of YouTube's pictures to the image sources, never an https one", () => {
    expect(policyBuilder({ https: false }).none).toContain(";img-src 'self' data: https:;");
    const local = policyBuilder({
      https: false,
      imageOrigins: ["http://127.0.0.1:9", "https://i.ytimg.com"],
    });
    expect(local.none).toContain(";img-src 'self' data: https: http://127.0.0.1:9;");
  });
});
