/**
 * Reads a JSON list column (a post's tags, an app's platforms), tolerating anything that is not
 * a list of strings: a hand-edited or damaged row reads as fewer items, never as an error.
 */
export function parseStringList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}
