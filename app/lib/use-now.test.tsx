// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NOW_TICK_MS, useNow } from "./use-now.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Clock() {
  const now = useNow();
  return <output>{now === null ? "unknown" : now.toISOString()}</output>;
}

const START = new Date("2026-11-20T12:00:00.000Z");

describe("useNow", () => {
  let container: HTMLDivElement;
  let root: Root | undefined;
  beforeEach(() => {
    vi.useFakeTimers({ now: START });
    container = document.createElement("div");
    document.body.append(container);
  });
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    container.remove();
    vi.useRealTimers();
  });

  const shown = () => container.querySelector("output")?.textContent;

  it("knows no time on the server", () => {
    expect(renderToString(<Clock />)).toBe("<output>unknown</output>");
  });

  it("shows the browser's time and moves on with it", () => {
    act(() => {
      root = createRoot(container);
      root.render(<Clock />);
    });
    expect(shown()).toBe(START.toISOString());
    act(() => vi.advanceTimersByTime(NOW_TICK_MS - 1));
    expect(shown()).toBe(START.toISOString());
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toBe(new Date(START.getTime() + NOW_TICK_MS).toISOString());
  });

  it("stops when nothing shows it, and starts from the current time again", () => {
    act(() => {
      root = createRoot(container);
      root.render(<Clock />);
    });
    act(() => root?.unmount());
    expect(vi.getTimerCount()).toBe(0);
    vi.setSystemTime(START.getTime() + 10 * NOW_TICK_MS + 5);
    act(() => {
      root = createRoot(container);
      root.render(<Clock />);
    });
    expect(shown()).toBe(new Date(START.getTime() + 10 * NOW_TICK_MS + 5).toISOString());
  });

  it("agrees with the server's markup while hydrating, then shows the time", () => {
    container.innerHTML = renderToString(<Clock />);
    const errors: unknown[] = [];
    act(() => {
      root = hydrateRoot(container, <Clock />, { onRecoverableError: (e) => errors.push(e) });
    });
    expect(errors).toEqual([]);
    expect(shown()).toBe(START.toISOString());
  });
});
