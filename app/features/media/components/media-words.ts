import type { MediaDetails, MediaUse } from "#common/types/media.ts";

/** "12 KB", "1.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** "3 places now show the new image", or "Nothing uses it yet." */
export function describeUses(uses: MediaUse[], what: string): string {
  if (uses.length === 0) return "Nothing uses it yet.";
  return `${uses.length} ${uses.length === 1 ? "place" : "places"} ${what}.`;
}

/** "Used in 2 places" or "Unused". */
export function usesLabel(count: number): string {
  return count === 0 ? "Unused" : `Used in ${count} ${count === 1 ? "place" : "places"}`;
}

/** What Delete asks: the places that use the item, which lose it, or that nothing does. */
export function deleteQuestion(item: MediaDetails) {
  const used = item.uses.length > 0;
  const places = item.uses.map((use) => `${use.title} (${use.fieldLabel})`).join("; ");
  return {
    title: `Delete ${item.originalName}?`,
    description: used
      ? `It is used in: ${places}. Deleting it removes it from those places.`
      : "Nothing uses it. Its file is deleted for good.",
    confirmLabel: used ? "Remove and delete" : "Delete",
    destructive: true,
  };
}
