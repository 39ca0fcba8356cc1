import { describe, expect, it } from "vitest";
import { MAX_LIST_LIMIT } from "#common/constants.ts";
import {
  effectiveState,
  htmlToPlainText,
  isPubliclyVisible,
  studioFilterKey,
} from "#common/content-rules.ts";
import { effectiveLimit, newestFirst, PUBLIC_STATUSES } from "./content-rules.server.ts";

const NOW = new Date("2024-06-01T12:00:00.000Z");
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();

describe("isPubliclyVisible", () => {
  it("shows a published post whatever its scheduled time", () => {
    expect(isPubliclyVisible({ status: "published", scheduledAt: null }, NOW)).toBe(true);
    expect(isPubliclyVisible({ status: "published", scheduledAt: at(60_000) }, NOW)).toBe(true);
  });

  it("hides a draft, even one with a past scheduled time", () => {
    expect(isPubliclyVisible({ status: "draft", scheduledAt: null }, NOW)).toBe(false);
    expect(isPubliclyVisible({ status: "draft", scheduledAt: at(-60_000) }, NOW)).toBe(false);
  });

  it("shows a scheduled post from its scheduled time on, not a millisecond before", () => {
    expect(isPubliclyVisible({ status: "scheduled", scheduledAt: at(-1) }, NOW)).toBe(true);
    expect(isPubliclyVisible({ status: "scheduled", scheduledAt: at(0) }, NOW)).toBe(true);
    expect(isPubliclyVisible({ status: "scheduled", scheduledAt: at(1) }, NOW)).toBe(false);
  });

  it("compares instants, whatever offset the time is written with", () => {
    const tokyoNoonEarlier = "2024-06-01T21:00:00+09:00"; // 12:00Z, exactly now
    expect(isPubliclyVisible({ status: "scheduled", scheduledAt: tokyoNoonEarlier }, NOW)).toBe(
      true,
    );
    expect(
      isPubliclyVisible({ status: "scheduled", scheduledAt: "2024-06-01T21:00:01+09:00" }, NOW),
    ).toBe(false);
  });

  it("hides a scheduled post without a time or with an unreadable one", () => {
    expect(isPubliclyVisible({ status: "scheduled", scheduledAt: null }, NOW)).toBe(false);
    expect(isPubliclyVisible({ status: "scheduled", scheduledAt: "soon" }, NOW)).toBe(false);
  });

  it("hides a post with a status it does not know", () => {
    expect(isPubliclyVisible({ status: "archived", scheduledAt: at(-1) }, NOW)).toBe(false);
    expect(isPubliclyVisible({ status: "Published", scheduledAt: null }, NOW)).toBe(false);
  });
});

describe("PUBLIC_STATUSES", () => {
  it("names every status the visibility rule admits, and only those", () => {
    // The public lists on SQLite ask once per status in it (public-post-lists.server.ts).
    const statuses = ["draft", "published", "scheduled", "archived", "Published", ""];
    const times = [null, at(-1), at(0), at(1)];
    const admitted = new Set(
      statuses.filter((status) =>
        times.some((scheduledAt) => isPubliclyVisible({ status, scheduledAt }, NOW)),
      ),
    );
    expect([...admitted].sort()).toEqual([...PUBLIC_STATUSES].sort());
  });
});

describe("effectiveState", () => {
  it("presents a due scheduled post as published at its scheduled time", () => {
    const scheduledAt = at(-60_000);
    expect(effectiveState({ status: "scheduled", scheduledAt, publishedAt: null }, NOW)).toEqual({
      status: "published",
      publishedAt: scheduledAt,
    });
  });

  it("keeps a publication time that is already recorded", () => {
    const post = { status: "scheduled", scheduledAt: at(-60_000), publishedAt: at(-30_000) };
    expect(effectiveState(post, NOW)).toEqual({ status: "published", publishedAt: at(-30_000) });
  });

  it("leaves a scheduled post that is not due yet as it is", () => {
    const post = { status: "scheduled", scheduledAt: at(60_000), publishedAt: null };
    expect(effectiveState(post, NOW)).toEqual({ status: "scheduled", publishedAt: null });
  });

  it("leaves published posts and drafts as they are", () => {
    const published = { status: "published", scheduledAt: null, publishedAt: at(-1000) };
    expect(effectiveState(published, NOW)).toEqual({
      status: "published",
      publishedAt: at(-1000),
    });
    const draft = { status: "draft", scheduledAt: at(-1000), publishedAt: null };
    expect(effectiveState(draft, NOW)).toEqual({ status: "draft", publishedAt: null });
  });
});

describe("studioFilterKey", () => {
  it("maps world, skin-pack and addon to the studio's filter keys", () => {
    expect(studioFilterKey("world")).toBe("world");
    expect(studioFilterKey("skin-pack")).toBe("Skin Pack");
    expect(studioFilterKey("addon")).toBe("Addon");
  });

  it("passes any other pack type through raw", () => {
    for (const packType of ["texture-pack", "mashup", "Persona", "Skin Pack", ""]) {
      expect(studioFilterKey(packType)).toBe(packType);
    }
  });

  it("passes names of built-in object properties through raw", () => {
    for (const packType of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      expect(studioFilterKey(packType)).toBe(packType);
    }
  });

  it("keeps a missing pack type missing", () => {
    expect(studioFilterKey(null)).toBeNull();
  });
});

describe("newestFirst", () => {
  it("orders rows newest first by creation time", () => {
    const rows = [
      { id: "a", createdAt: "2024-01-02T00:00:00.000Z" },
      { id: "b", createdAt: "2024-01-03T00:00:00.000Z" },
      { id: "c", createdAt: "2024-01-01T00:00:00.000Z" },
    ];
    expect(newestFirst(rows).map((r) => r.id)).toEqual(["b", "a", "c"]);
  });

  it("breaks ties by id, highest first, as the database queries do", () => {
    const createdAt = "2024-01-01T00:00:00.000Z";
    const rows = [
      { id: "1b", createdAt },
      { id: "3c", createdAt },
      { id: "2a", createdAt },
    ];
    expect(newestFirst(rows).map((r) => r.id)).toEqual(["3c", "2a", "1b"]);
  });

  it("treats the same instant written two ways as a tie", () => {
    const rows = [
      { id: "a", createdAt: "2024-01-01T00:00:00.000Z" },
      { id: "b", createdAt: "2024-01-01T01:00:00+01:00" },
    ];
    expect(newestFirst(rows).map((r) => r.id)).toEqual(["b", "a"]);
    expect(newestFirst([...rows].reverse()).map((r) => r.id)).toEqual(["b", "a"]);
  });

  it("compares instants, not the text of the timestamps", () => {
    const rows = [
      { id: "utc", createdAt: "2024-01-01T08:00:00.000Z" },
      { id: "tokyo", createdAt: "2024-01-01T10:00:00+09:00" }, // 01:00Z, older
    ];
    expect(newestFirst(rows).map((r) => r.id)).toEqual(["utc", "tokyo"]);
  });

  it("leaves the given list as it was", () => {
    const rows = [
      { id: "old", createdAt: "2024-01-01T00:00:00.000Z" },
      { id: "new", createdAt: "2024-02-01T00:00:00.000Z" },
    ];
    const copy = structuredClone(rows);
    expect(newestFirst(rows)).not.toBe(rows);
    expect(rows).toEqual(copy);
  });

  it("answers an empty list for an empty list", () => {
    expect(newestFirst([])).toEqual([]);
  });
});

describe("effectiveLimit", () => {
  it("gives the maximum when no limit is asked for", () => {
    expect(effectiveLimit(undefined)).toBe(MAX_LIST_LIMIT);
    expect(MAX_LIST_LIMIT).toBe(1000);
  });

  it("keeps a limit within range", () => {
    expect(effectiveLimit(1)).toBe(1);
    expect(effectiveLimit(3)).toBe(3);
    expect(effectiveLimit(1000)).toBe(1000);
  });

  it("caps a larger limit at 1000", () => {
    expect(effectiveLimit(1001)).toBe(1000);
    expect(effectiveLimit(1_000_000)).toBe(1000);
    expect(effectiveLimit(Number.POSITIVE_INFINITY)).toBe(1000);
  });

  it("raises a limit below 1 to 1 and drops fractions", () => {
    expect(effectiveLimit(0)).toBe(1);
    expect(effectiveLimit(-5)).toBe(1);
    expect(effectiveLimit(Number.NEGATIVE_INFINITY)).toBe(1);
    expect(effectiveLimit(2.9)).toBe(2);
  });

  it("gives the maximum for a limit that is not a number", () => {
    expect(effectiveLimit(Number.NaN)).toBe(MAX_LIST_LIMIT);
  });
});

describe("htmlToPlainText", () => {
  it("puts block elements and line breaks on lines of their own", () => {
    expect(
      htmlToPlainText(
        "<h2>Title</h2><p>One<br>two<br/>three</p><ul><li>A</li><li>B</li></ul><blockquote>Q</blockquote>",
      ),
    ).toBe("Title\nOne\ntwo\nthree\nA\nB\nQ");
  });

  it("drops inline tags without adding spaces", () => {
    expect(htmlToPlainText('<p>Sky<strong>Islands</strong> <a href="/x">map</a></p>')).toBe(
      "SkyIslands map",
    );
  });

  it("drops scripts and styles with their contents", () => {
    expect(
      htmlToPlainText("<p>a</p><script>alert('x')</script><style>p{color:red}</style><p>b</p>"),
    ).toBe("a\nb");
  });

  it("ends a tag at the first > outside quotes", () => {
    expect(htmlToPlainText('<p>x <img src="a.png" alt="5 > 3"> y</p>')).toBe("x y");
    expect(htmlToPlainText("<p>x <img alt='a > b'> y</p>")).toBe("x y");
  });

  it("decodes named, decimal and hexadecimal character references once", () => {
    expect(htmlToPlainText("&amp; &lt; &gt; &quot; &apos; &#39; &#169; &#x1F600; &#X41;")).toBe(
      "& < > \" ' ' © 😀 A",
    );
    expect(htmlToPlainText("&amp;lt;b&amp;gt;")).toBe("&lt;b&gt;");
    expect(htmlToPlainText("a&nbsp;b")).toBe("a b");
  });

  it("keeps references it does not know as they are", () => {
    expect(htmlToPlainText("&eacute; &unknown; &constructor; &toString;")).toBe(
      "&eacute; &unknown; &constructor; &toString;",
    );
  });

  it("turns references outside Unicode, surrogates and NUL into U+FFFD instead of failing", () => {
    expect(htmlToPlainText("&#99999999;|&#x110000;|&#xD800;|&#0;|&#999999999999999999999;")).toBe(
      "\uFFFD|\uFFFD|\uFFFD|\uFFFD|\uFFFD",
    );
  });

  it("collapses runs of spaces and blank lines and trims the ends", () => {
    expect(htmlToPlainText("  <p>  a \t  b  </p>\n\n\n<p> c </p>  ")).toBe("a b\nc");
    // A lone tab is a blank too; single spaces stay.
    expect(htmlToPlainText("<p>a\tb c d</p>")).toBe("a b c d");
  });

  it("answers an empty string for empty content", () => {
    expect(htmlToPlainText("")).toBe("");
    expect(htmlToPlainText("<p></p><br>")).toBe("");
  });
});
