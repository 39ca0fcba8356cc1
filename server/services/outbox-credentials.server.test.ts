import { describe, expect, it } from "vitest";
import { HIDDEN_CREDENTIAL, invitationPath, postUrl, UNSUBSCRIBE_PATH } from "#common/paths.ts";
import { resetPageUrl } from "#server/auth/password-reset.server.ts";
import { hideCredentialLinks, readableHeaderValue } from "./outbox-credentials.server.ts";
import { confirmationUrl, unsubscribeUrl } from "./subscriber-links.server.ts";

const SITE = "https://studio.example.com";
const SUBSCRIBER = "0f3c2a1e-5b6d-4c7e-8f9a-0b1c2d3e4f5a";

describe("hideCredentialLinks", () => {
  it("hides the credential of every link the site mails that grants something", () => {
    const links = [
      resetPageUrl(SITE, "Zx81AbCdEfGhIjKlMnOpQrSt"),
      `${SITE}${invitationPath("cmFuZG9tLXBhcnQ.bWFjLXBhcnQtb2YtdGhlLWxpbms")}`,
      confirmationUrl({ siteUrl: SITE, secret: "s".repeat(32) }, SUBSCRIBER),
      unsubscribeUrl({ siteUrl: SITE, secret: "s".repeat(32) }, SUBSCRIBER),
    ];
    for (const link of links) {
      const url = new URL(link);
      const prefix = url.pathname.slice(0, url.pathname.lastIndexOf("/") + 1);
      const hidden = `${SITE}${prefix}${HIDDEN_CREDENTIAL}`;
      expect(hideCredentialLinks(`Open ${link} now`)).toBe(`Open ${hidden} now`);
      expect(hideCredentialLinks(`<a href="${link}">${link}</a>`)).toBe(
        `<a href="${hidden}">${hidden}</a>`,
      );
      expect(hideCredentialLinks(`Choose [${link}]`)).toBe(`Choose [${hidden}]`);
      expect(hideCredentialLinks(`<${link}>`)).toBe(`<${hidden}>`);
    }
  });

  it("hides them on any origin and in any case, and leaves other links alone", () => {
    expect(hideCredentialLinks("http://old.example/RESET-PASSWORD/abc")).toBe(
      `http://old.example/RESET-PASSWORD/${HIDDEN_CREDENTIAL}`,
    );
    const plain = `${SITE}${UNSUBSCRIBE_PATH} and ${postUrl(SITE, "invite-your-friends")}`;
    expect(hideCredentialLinks(plain)).toBe(plain);
  });
});

describe("readableHeaderValue", () => {
  it("unfolds the value and decodes its encoded words into one text", () => {
    const folded = [
      "=?UTF-8?Q?Reset_=C3=BCn=C3=AFcode_https=3A//studio?=",
      " =?UTF-8?Q?=2Eexample=2Ecom/unsubscribe/0f3c2a1e-5b?=",
      " =?UTF-8?B?NmQtNGM3ZQ==?=",
    ].join("\r\n");
    expect(readableHeaderValue(folded)).toBe(
      "Reset ünïcode https://studio.example.com/unsubscribe/0f3c2a1e-5b6d-4c7e",
    );
    expect(readableHeaderValue("plain\r\n <value>")).toBe("plain <value>");
    expect(readableHeaderValue("=?x-unknown?Q?/invite/abc?=")).toBe("/invite/abc");
  });
});
