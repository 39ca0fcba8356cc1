// @vitest-environment happy-dom
import { act, createElement, useEffect } from "react";
import { createRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider, useToast } from "#app/components/ui/toast.tsx";
import { showToast } from "./toast.client.ts";
import { TOAST_DURATION_MS } from "./toast-style.ts";

const REGION = 'section[aria-label="Notifications"]';

beforeEach(() => {
  // The page as the server renders it: the root's provider puts the empty live region in it.
  document.body.innerHTML = `<main id="page"><button type="button" id="outside">Page</button></main>${renderToString(
    createElement(ToastProvider, null, null),
  )}`;
});

afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
  document.body.innerHTML = "";
});

function toasts(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('[data-slot="toast"]')];
}

function onlyToast(): HTMLElement {
  const all = toasts();
  expect(all).toHaveLength(1);
  return all[0] as HTMLElement;
}

/** An element's tag, attributes (in any order) and children, to compare two renderings. */
type Shape = { tag: string; attributes: Record<string, string>; children: (Shape | string)[] };
function shape(element: Element): Shape {
  return {
    tag: element.tagName.toLowerCase(),
    attributes: Object.fromEntries(
      [...element.attributes].map((a) => [a.name, a.value] as const).sort(),
    ),
    children: [...element.childNodes].map((child) =>
      child.nodeType === 1 ? shape(child as Element) : (child.textContent ?? ""),
    ),
  };
}

/** The toast React's provider shows on a hydrated page. */
async function reactToast(input: Parameters<typeof showToast>[0]): Promise<Shape> {
  const flags = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  flags.IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  function Show() {
    const show = useToast();
    useEffect(() => show(input), [show]);
    return null;
  }
  try {
    await act(async () => root.render(createElement(ToastProvider, null, createElement(Show))));
    const card = container.querySelector('[data-slot="toast"]');
    if (!card) throw new Error("React showed no toast");
    return shape(card);
  } finally {
    act(() => root.unmount());
    container.remove();
    flags.IS_REACT_ACT_ENVIRONMENT = false;
  }
}

describe("showToast", () => {
  it.each([
    { title: "Success!", description: "You are on the list." },
    { title: "Subscription Failed", description: "Try again.", variant: "destructive" as const },
    { title: "Saved" },
  ])("builds the card React's toast builds: $title", async (input) => {
    const fromReact = await reactToast(input);
    showToast(input);
    expect(shape(onlyToast())).toEqual(fromReact);
  });

  it("shows a status, or an alert for a failure, in the page's live region", () => {
    showToast({ title: "Success!", description: "You are on the list." });
    const region = document.querySelector(REGION);
    const toast = onlyToast();
    expect(toast.parentElement).toBe(region);
    expect(toast.getAttribute("role")).toBe("status");
    expect(toast.dataset.variant).toBe("default");
    expect([...toast.querySelectorAll("p")].map((p) => p.textContent)).toEqual([
      "Success!",
      "You are on the list.",
    ]);
    showToast({ title: "Invalid Email", variant: "destructive" });
    expect(onlyToast().getAttribute("role")).toBe("alert");
    expect(onlyToast().dataset.variant).toBe("destructive");
    expect(onlyToast().querySelectorAll("p")).toHaveLength(1);
  });

  it("makes the live region, as the provider does, on a page without one", () => {
    document.body.innerHTML = "<main></main>";
    showToast({ title: "Success!" });
    const region = document.querySelector<HTMLElement>(REGION);
    expect(region?.getAttribute("aria-live")).toBe("polite");
    expect(region?.parentElement).toBe(document.body);
    const fromServer = document.createElement("div");
    fromServer.innerHTML = renderToString(createElement(ToastProvider, null, null));
    expect(region?.className).toBe(fromServer.querySelector(REGION)?.className);
    expect(onlyToast().parentElement).toBe(region);
    // The next toast goes to the same region.
    showToast({ title: "Again" });
    expect(document.querySelectorAll(REGION)).toHaveLength(1);
  });

  it("replaces the toast it showed before: one at a time", () => {
    showToast({ title: "First" });
    showToast({ title: "Second", variant: "destructive" });
    expect(onlyToast().querySelector("p")?.textContent).toBe("Second");
  });

  it("leaves 5 seconds after it appears", () => {
    vi.useFakeTimers();
    showToast({ title: "Success!" });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(toasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts()).toHaveLength(0);
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it("gives a replacing toast its own 5 seconds", () => {
    vi.useFakeTimers();
    showToast({ title: "First" });
    vi.advanceTimersByTime(3000);
    showToast({ title: "Second" });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(onlyToast().querySelector("p")?.textContent).toBe("Second");
    vi.advanceTimersByTime(1);
    expect(toasts()).toHaveLength(0);
  });

  it("stays while the pointer is on it; its 5 seconds start again when the pointer leaves", () => {
    vi.useFakeTimers();
    showToast({ title: "Success!" });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1000);
    onlyToast().dispatchEvent(new Event("pointerenter"));
    vi.advanceTimersByTime(TOAST_DURATION_MS * 3);
    expect(toasts()).toHaveLength(1);
    onlyToast().dispatchEvent(new Event("pointerleave"));
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(toasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts()).toHaveLength(0);
  });

  it("stays while the keyboard focus is on it; its 5 seconds start again when focus leaves", () => {
    vi.useFakeTimers();
    showToast({ title: "Success!" });
    const dismiss = onlyToast().querySelector("button") as HTMLButtonElement;
    dismiss.focus();
    dismiss.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    vi.advanceTimersByTime(TOAST_DURATION_MS * 3);
    expect(toasts()).toHaveLength(1);
    // Focus moving within the toast keeps it.
    dismiss.dispatchEvent(new FocusEvent("focusout", { bubbles: true, relatedTarget: dismiss }));
    vi.advanceTimersByTime(TOAST_DURATION_MS * 3);
    expect(toasts()).toHaveLength(1);
    const outside = document.querySelector("#outside") as HTMLButtonElement;
    dismiss.dispatchEvent(new FocusEvent("focusout", { bubbles: true, relatedTarget: outside }));
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(toasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts()).toHaveLength(0);
  });

  it("stays while either the pointer or the focus is still on it", () => {
    vi.useFakeTimers();
    showToast({ title: "Success!" });
    const toast = onlyToast();
    toast.dispatchEvent(new Event("pointerenter"));
    toast.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    toast.dispatchEvent(new Event("pointerleave"));
    vi.advanceTimersByTime(TOAST_DURATION_MS * 3);
    expect(toasts()).toHaveLength(1);
  });

  it("goes at once with its dismiss button, named for screen readers", () => {
    vi.useFakeTimers();
    showToast({ title: "Success!" });
    const dismiss = onlyToast().querySelector("button") as HTMLButtonElement;
    expect(dismiss.getAttribute("aria-label")).toBe("Dismiss notification");
    expect(dismiss.type).toBe("button");
    dismiss.querySelector("svg")?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(toasts()).toHaveLength(0);
    // Its timer went with it: the next toast gets its full time.
    showToast({ title: "Next" });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(toasts()).toHaveLength(1);
  });
});
