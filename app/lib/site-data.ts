/** What the site layout loads for every public page. */
export type NavApp = { name: string; slug: string; websiteUrl: string | null };
