import { describe, expect, it } from "vitest";
import { mailClientProblems } from "#tests/helpers/mail-client-css.ts";
import { builtNewsletter } from "#tests/helpers/newsletter-sample.ts";

// The newsletter's HTML uses only what Gmail, Outlook and Apple Mail all apply
// (tests/helpers/mail-client-css.ts lists what they do and do not, with the reasons).

describe("the newsletter in the major mail clients", () => {
  it("lays itself out with CSS and elements that every one of them applies", async () => {
    expect(mailClientProblems(await builtNewsletter())).toEqual([]);
    expect(
      mailClientProblems(
        await builtNewsletter({ featuredImage: null, excerpt: null, marketplaceUrl: null }),
      ),
    ).toEqual([]);
  });

  it("the check finds what a client would drop, each with its reason", () => {
    const problems = mailClientProblems(
      [
        '<html><head><link rel="stylesheet" href="https://fonts.example/a.css">',
        "<style>@import url(https://fonts.example/b.css);.row{display:flex;gap:8px}",
        "@font-face{font-family:X;src:url(x.woff2)}@media print{.a{color:red}}",
        "@media (max-width:620px){.b{float:left !important}}</style></head><body>",
        '<div style="position: absolute; width: calc(100% - 2px); --gap: 4px; margin: var(--gap)">',
        '<td style="background-image: url(a.png)">x</td>',
        '<td style="background-image: url(a.png); background-color: #15803d">y</td>',
        '<p style="display: grid; height: 50vh; filter: blur(2px)">z</p>',
        "<script>x()</script></div></body></html>",
      ].join(""),
    );
    const expected = [
      "<link> (external stylesheets",
      "<style>: @import url(https://fonts.example/b.css) (external or unknown at-rule)",
      "<style> .row: display: flex (only block",
      "<style> .row: gap: 8px (flexbox and grid",
      "<style>: @font-face (fonts, imports",
      "<style>: @media print (unknown media query)",
      "<style> @media (max-width:620px) .b: float: left !important (Outlook on Windows ignores",
      "<div style>: position: absolute (Gmail removes it",
      "<div style>: width: calc(100% - 2px) (calc() and its kin",
      "<div style>: --gap: 4px (CSS variables",
      "<div style>: margin: var(--gap) (CSS variables",
      "<td style>: background-image: url(a.png) (Outlook on Windows shows none",
      "<p style>: display: grid (only block",
      "<p style>: height: 50vh (viewport units",
      "<p style>: filter: blur(2px) (not on the lists",
      "<script> (no mail client runs scripts)",
    ];
    for (const start of expected) {
      expect(
        problems.filter((problem) => problem.startsWith(start)),
        start,
      ).toHaveLength(1);
    }
    expect(problems).toHaveLength(expected.length);
  });

  it("finds a message long enough for Gmail to clip", () => {
    const long = `<p style="color: #18181b">${"word ".repeat(25_000)}</p>`;
    expect(mailClientProblems(long)).toEqual([
      expect.stringContaining("(Gmail clips the message after 102 KB)"),
    ]);
  });
});
