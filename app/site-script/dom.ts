// What the site script's behaviours share about the page and its events.

const installed = new WeakMap<Document, Set<string>>();

/**
 * True the first time a behaviour named `name` is installed on `doc`, false after: a second
 * install would put every listener on the document twice.
 */
export function firstInstall(doc: Document, name: string): boolean {
  const names = installed.get(doc) ?? new Set<string>();
  installed.set(doc, names);
  if (names.has(name)) return false;
  names.add(name);
  return true;
}

/** The element an event happened on (events from text inside an element count as its own). */
export function elementOf(target: EventTarget | null): Element | null {
  const node = target as Node | null;
  if (!node || typeof node.nodeType !== "number") return null;
  return node.nodeType === 1 ? (node as Element) : node.parentElement;
}

/** A click that opens a link elsewhere (another tab or window) or is not the main button's. */
export function isModified(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}
