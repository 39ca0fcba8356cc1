import { describe, expect, it } from "vitest";
import { attachmentFileName } from "./api-client.ts";

describe("attachmentFileName", () => {
  it("reads a quoted or bare file name", () => {
    expect(attachmentFileName('attachment; filename="mailing-list-2025-03-05.csv"')).toBe(
      "mailing-list-2025-03-05.csv",
    );
    expect(attachmentFileName("attachment; filename=list.csv; size=12")).toBe("list.csv");
  });
  it("gives null without a header or a name", () => {
    expect(attachmentFileName(null)).toBeNull();
    expect(attachmentFileName("attachment")).toBeNull();
    expect(attachmentFileName('attachment; filename=""')).toBeNull();
  });
});
