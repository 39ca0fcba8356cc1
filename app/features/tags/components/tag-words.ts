import { normalizeTag } from "#common/tags.ts";

/** "1 post", "3 posts". */
export function postCount(count: number): string {
  return `${count} ${count === 1 ? "post" : "posts"}`;
}

/** Whether the Tags section's search keeps `tag`: it contains the search, ignoring case and a leading #. */
export function tagMatches(tag: string, search: string): boolean {
  const needle = normalizeTag(search).toLocaleLowerCase();
  return needle === "" || tag.toLocaleLowerCase().includes(needle);
}
