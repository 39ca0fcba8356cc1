import type { ShouldRevalidateFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { revalidateUnlessOnlySearchChanged } from "./route-revalidation.ts";

function args(
  current: string,
  next: string,
  extra: Partial<ShouldRevalidateFunctionArgs> = {},
): ShouldRevalidateFunctionArgs {
  const base = "https://studio.example";
  return {
    currentUrl: new URL(current, base),
    currentParams: {},
    nextUrl: new URL(next, base),
    nextParams: {},
    defaultShouldRevalidate: true,
    ...extra,
  };
}

describe("revalidateUnlessOnlySearchChanged", () => {
  it("keeps the data when only the query string changes", () => {
    expect(revalidateUnlessOnlySearchChanged(args("/news", "/news?q=skins"))).toBe(false);
    expect(revalidateUnlessOnlySearchChanged(args("/studio?category=worlds", "/studio"))).toBe(
      false,
    );
  });

  it("follows the default for another page or a sent form", () => {
    expect(revalidateUnlessOnlySearchChanged(args("/news", "/studio"))).toBe(true);
    expect(revalidateUnlessOnlySearchChanged(args("/news", "/news", { formMethod: "POST" }))).toBe(
      true,
    );
    expect(
      revalidateUnlessOnlySearchChanged(
        args("/news", "/studio", { defaultShouldRevalidate: false }),
      ),
    ).toBe(false);
  });
});
