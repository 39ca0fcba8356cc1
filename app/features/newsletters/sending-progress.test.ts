import { describe, expect, it } from "vitest";
import type { NewsletterSending } from "#common/types/newsletter.ts";
import { anySending, progressOf, statusLabel } from "./sending-progress.ts";

function sending(overrides: Partial<NewsletterSending> = {}): NewsletterSending {
  return {
    id: "s1",
    postId: "p1",
    postTitle: "News",
    subject: "News",
    status: "sending",
    total: 120,
    sent: 30,
    failed: 3,
    skipped: 1,
    left: 86,
    nextRetryAt: null,
    createdBy: "Alex",
    createdAt: "2026-05-01T10:00:00.000Z",
    finishedAt: null,
    ...overrides,
  };
}

describe("a sending's progress", () => {
  it("counts sent, failed and skipped as done", () => {
    expect(progressOf(sending())).toEqual({
      done: 34,
      percent: 28,
      valueText: "34 of 120 handled",
    });
  });

  it("is whole at the end, and for a sending to nobody", () => {
    expect(progressOf(sending({ sent: 116, left: 0 })).percent).toBe(100);
    expect(progressOf(sending({ total: 0, sent: 0, failed: 0, skipped: 0, left: 0 })).percent).toBe(
      100,
    );
  });

  it("polls only while one is under way", () => {
    expect(anySending([sending({ status: "finished" }), sending()])).toBe(true);
    expect(anySending([sending({ status: "finished" })])).toBe(false);
    expect(anySending(undefined)).toBe(false);
  });

  it("names the status in words", () => {
    expect(statusLabel(sending())).toBe("Sending");
    expect(statusLabel(sending({ status: "finished", failed: 0 }))).toBe("Finished");
    expect(statusLabel(sending({ status: "finished" }))).toBe("Finished with failures");
  });
});
