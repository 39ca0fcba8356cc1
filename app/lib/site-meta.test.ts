import { describe, expect, it } from "vitest";
import { siteMeta } from "./site-meta.ts";

const root = { loaderData: { site: { companyName: "Override Studios" } } };

describe("siteMeta", () => {
  it("titles a page '{page} | {company}' and writes its description with the name", () => {
    expect(
      siteMeta([root, undefined], {
        title: "Videos",
        description: (company) => `Videos from ${company}.`,
      }),
    ).toEqual([
      { title: "Videos | Override Studios" },
      { name: "description", content: "Videos from Override Studios." },
    ]);
  });

  it("takes a whole title from a function", () => {
    expect(siteMeta([root], { title: (company) => `${company}: worlds` })).toEqual([
      { title: "Override Studios: worlds" },
    ]);
  });

  it("keeps a page out of search engines after its other tags", () => {
    expect(
      siteMeta([root], {
        title: "Sign in",
        description: (company) => `Staff sign-in for ${company}.`,
        noindex: true,
      }),
    ).toEqual([
      { title: "Sign in | Override Studios" },
      { name: "description", content: "Staff sign-in for Override Studios." },
      { name: "robots", content: "noindex" },
    ]);
    expect(siteMeta([root], { title: "Your invitation", noindex: true })).toEqual([
      { title: "Your invitation | Override Studios" },
      { name: "robots", content: "noindex" },
    ]);
  });

  it("gives a page the default social image as its share picture, except a noindex page", () => {
    const withImage = (defaultSocialImage: string) => ({
      loaderData: {
        site: { companyName: "Override Studios", defaultSocialImage },
        siteUrl: "https://studio.example",
      },
    });
    expect(siteMeta([withImage("/uploads/share.png")], { title: "News" })).toEqual([
      { title: "News | Override Studios" },
      { property: "og:image", content: "https://studio.example/uploads/share.png" },
      { name: "twitter:card", content: "summary_large_image" },
      { name: "twitter:image", content: "https://studio.example/uploads/share.png" },
    ]);
    expect(siteMeta([withImage("https://cdn.example/share.png")], { title: "News" })[1]).toEqual({
      property: "og:image",
      content: "https://cdn.example/share.png",
    });
    expect(siteMeta([withImage("")], { title: "News" })).toEqual([
      { title: "News | Override Studios" },
    ]);
    expect(
      siteMeta([withImage("/uploads/share.png")], { title: "Sign in", noindex: true }),
    ).toEqual([{ title: "Sign in | Override Studios" }, { name: "robots", content: "noindex" }]);
  });

  it("names the company 'Studio' while the root data is missing", () => {
    expect(siteMeta([undefined], { title: "News" })).toEqual([{ title: "News | Studio" }]);
    expect(siteMeta([{ loaderData: undefined }], { title: "News" })).toEqual([
      { title: "News | Studio" },
    ]);
  });
});
