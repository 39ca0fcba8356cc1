import { describe, expect, it } from "vitest";
import { displayNameOf } from "./people.server.ts";

// The rule alone; the API tests (posts.router.author-names.test.ts) show it on every screen.
describe("displayNameOf", () => {
  const person = { firstName: null, lastName: null, userName: null, email: "mara.q@studio.test" };

  it("takes the employee record's first and last name first", () => {
    expect(
      displayNameOf({ ...person, firstName: " Mara ", lastName: "Quinn", userName: "M" }),
    ).toBe("Mara Quinn");
  });

  it("takes the login's own name for someone without an employee record", () => {
    expect(displayNameOf({ ...person, userName: "  Mara from OIDC " })).toBe("Mara from OIDC");
  });

  it("takes the part of the address before the @ when there is no name at all, never the address", () => {
    expect(displayNameOf({ ...person, firstName: " ", lastName: "", userName: "" })).toBe("mara.q");
  });
});
