/**
 * The demo team who wrote the demo posts (docs/product/content-model.md#people): Mara the news,
 * Theo the packs and the build stories, Ines the videos. Each is an employee record, inactive,
 * with a login that has no password: they name the posts' authors in the dashboard and on the
 * public pages, and nobody can sign in as them (no password, no invitation, and an inactive
 * record grants nothing). Their addresses are in the example.com domain, which nobody owns.
 */
export const DEMO_STAFF = {
  mara: { firstName: "Mara", lastName: "Quinn", email: "mara.quinn@example.com" },
  theo: { firstName: "Theo", lastName: "Brandt", email: "theo.brandt@example.com" },
  ines: { firstName: "Ines", lastName: "Okafor", email: "ines.okafor@example.com" },
} as const;

/** Who of the demo team wrote a demo post. */
export type DemoAuthor = keyof typeof DEMO_STAFF;
