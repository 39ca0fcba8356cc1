import { describe, expect, it } from "vitest";
import {
  confirmText,
  reachText,
  sendLabel,
  sentBeforeText,
  subscriberCount,
  testSentText,
} from "./newsletter-texts.ts";

describe("the newsletter dialog's words", () => {
  it("counts subscribers in the singular and the plural", () => {
    expect(subscriberCount(1)).toBe("1 subscriber");
    expect(subscriberCount(0)).toBe("0 subscribers");
    expect(subscriberCount(1204)).toBe("1,204 subscribers");
  });

  it("names the send button by whether the post was sent before", () => {
    expect(sendLabel(12, null)).toBe("Send to 12 subscribers");
    expect(sendLabel(1, "2026-05-01T10:00:00.000Z")).toBe("Send again to 1 subscriber");
  });

  it("says when there is no one to send to", () => {
    expect(reachText(0)).toMatch(/no active subscribers/);
    expect(reachText(3)).toMatch(/^It will go to 3 subscribers/);
  });

  it("asks before sending, and says it cannot be stopped", () => {
    expect(confirmText(2, null)).toBe(
      "Send this post to 2 subscribers now? This cannot be stopped once it starts.",
    );
    expect(confirmText(2, "2026-05-01T10:00:00.000Z")).toMatch(/^Send this post again to 2/);
    expect(sentBeforeText("2026-05-01T10:00:00.000Z")).toMatch(/already sent as a newsletter on/);
  });

  it("says where the test went", () => {
    expect(testSentText("me@studio.test", false)).toBe(
      "A test e-mail is on its way to me@studio.test.",
    );
    expect(testSentText("me@studio.test", true)).toMatch(/outbox folder/);
  });
});
