import { describe, expect, it } from "vitest";
import { isoCalendarDate, mailingListCsv, mailingListFileName } from "./mailing-list.ts";

describe("mailingListFileName", () => {
  it("names the file after the UTC date", () => {
    expect(mailingListFileName(new Date("2025-03-05T12:00:00Z"))).toBe(
      "mailing-list-2025-03-05.csv",
    );
    expect(mailingListFileName(new Date("2025-12-31T23:59:59.999Z"))).toBe(
      "mailing-list-2025-12-31.csv",
    );
    expect(mailingListFileName(new Date("2026-01-01T00:00:00.000Z"))).toBe(
      "mailing-list-2026-01-01.csv",
    );
  });
});

describe("isoCalendarDate", () => {
  it("gives the UTC date of an instant", () => {
    expect(isoCalendarDate("2024-02-29T23:30:00.000Z")).toBe("2024-02-29");
    expect(isoCalendarDate("2024-03-01T00:30:00+01:00")).toBe("2024-02-29");
    expect(isoCalendarDate(new Date(Date.UTC(2023, 0, 9)))).toBe("2023-01-09");
  });

  it("keeps an unreadable value as it is rather than failing the export", () => {
    expect(isoCalendarDate("not a date")).toBe("not a date");
  });
});

describe("mailingListCsv", () => {
  it("writes the header, then email and date per subscriber in the order given", () => {
    const csv = mailingListCsv([
      { email: "newest@example.com", createdAt: "2025-03-05T10:00:00.000Z" },
      { email: "older@example.com", createdAt: "2024-11-20T08:15:00.000Z" },
    ]);
    expect(csv).toBe(
      "Email,Subscribed Date\r\n" +
        "newest@example.com,2025-03-05\r\n" +
        "older@example.com,2024-11-20\r\n",
    );
  });

  it("writes only the header for an empty list", () => {
    expect(mailingListCsv([])).toBe("Email,Subscribed Date\r\n");
  });

  it("quotes and neutralises addresses like any other field", () => {
    const csv = mailingListCsv([
      { email: '"a,b"@example.com', createdAt: "2025-01-01T00:00:00.000Z" },
      { email: "=cmd@example.com", createdAt: "2025-01-01T00:00:00.000Z" },
      { email: "josé@example.com", createdAt: "2025-01-01T00:00:00.000Z" },
    ]);
    expect(csv.split("\r\n")).toEqual([
      "Email,Subscribed Date",
      '"""a,b""@example.com",2025-01-01',
      "'=cmd@example.com,2025-01-01",
      "josé@example.com,2025-01-01",
      "",
    ]);
  });
});
