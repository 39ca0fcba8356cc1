import { describe, expect, it } from "vitest";
import {
  type AutosaveFailure,
  AutosaveScheduler,
  type AutosaveState,
  type Clock,
} from "./autosave-scheduler.ts";

/** A clock whose time moves only when the test says so. */
function fakeClock() {
  let now = 0;
  let next = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const clock: Clock = {
    now: () => now,
    setTimeout: (callback, ms) => {
      const id = next++;
      timers.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout: (handle) => {
      timers.delete(handle as number);
    },
  };
  /** Moves time on by `ms`, running each timer that comes due, in order. */
  async function advance(ms: number) {
    const end = now + ms;
    for (;;) {
      const due = [...timers.entries()]
        .filter(([, t]) => t.at <= end)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].callback();
      await settle();
    }
    now = end;
    await settle();
  }
  return { clock, advance, pending: () => timers.size };
}

async function settle() {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

const timing = { quietMs: 3_000, maxWaitMs: 30_000, retryMs: [2_000, 4_000] };

function setup(options: { classify?: (error: unknown) => AutosaveFailure } = {}) {
  const { clock, advance } = fakeClock();
  const states: AutosaveState[] = [];
  const calls: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];
  const scheduler = new AutosaveScheduler({
    save: () =>
      new Promise<void>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
    classify: options.classify ?? ((error) => ({ kind: "retry", reason: String(error) })),
    onState: (state) => states.push(state),
    clock,
    timing,
  });
  return { scheduler, advance, states, calls };
}

describe("AutosaveScheduler", () => {
  it("saves once typing has paused for the quiet time", async () => {
    const { scheduler, advance, calls } = setup();
    scheduler.change();
    await advance(1_000);
    scheduler.change();
    await advance(2_999);
    expect(calls).toHaveLength(0);
    await advance(1);
    expect(calls).toHaveLength(1);
    expect(scheduler.state.kind).toBe("saving");
    calls[0]?.resolve();
    await settle();
    expect(scheduler.state).toEqual({ kind: "saved", at: 4_000 });
  });

  it("saves at least every 30 seconds while typing goes on", async () => {
    const { scheduler, advance, calls } = setup();
    for (let t = 0; t < 30_000; t += 1_000) {
      scheduler.change();
      await advance(1_000);
    }
    expect(calls).toHaveLength(1);
  });

  it("reports saved only when the save carried the latest change", async () => {
    const { scheduler, advance, calls } = setup();
    scheduler.change();
    await advance(3_000);
    expect(calls).toHaveLength(1);
    // Typed while the save was on its way.
    scheduler.change();
    calls[0]?.resolve();
    await settle();
    expect(scheduler.state.kind).toBe("unsaved");
    expect(scheduler.settled).toBe(false);
    await advance(3_000);
    expect(calls).toHaveLength(2);
    calls[1]?.resolve();
    await settle();
    expect(scheduler.state.kind).toBe("saved");
    expect(scheduler.settled).toBe(true);
  });

  it("keeps one save at a time", async () => {
    const { scheduler, advance, calls } = setup();
    scheduler.change();
    await advance(3_000);
    for (let i = 0; i < 5; i++) {
      scheduler.change();
      await advance(3_000);
    }
    expect(calls).toHaveLength(1);
  });

  it("retries a failed save with growing pauses, then keeps the last pause", async () => {
    const { scheduler, advance, calls, states } = setup();
    scheduler.change();
    await advance(3_000);
    calls[0]?.reject(new Error("offline"));
    await settle();
    expect(scheduler.state).toEqual({ kind: "retrying", reason: "Error: offline", attempt: 1 });
    await advance(1_999);
    expect(calls).toHaveLength(1);
    await advance(1);
    expect(calls).toHaveLength(2);
    calls[1]?.reject(new Error("offline"));
    await settle();
    await advance(3_999);
    expect(calls).toHaveLength(2);
    await advance(1);
    expect(calls).toHaveLength(3);
    calls[2]?.reject(new Error("offline"));
    await settle();
    await advance(4_000);
    expect(calls).toHaveLength(4);
    calls[3]?.resolve();
    await settle();
    expect(scheduler.state.kind).toBe("saved");
    expect(states.some((s) => s.kind === "retrying" && s.attempt === 3)).toBe(true);
  });

  it("carries changes made while retrying in the next try", async () => {
    const { scheduler, advance, calls } = setup();
    scheduler.change();
    await advance(3_000);
    calls[0]?.reject(new Error("offline"));
    await settle();
    scheduler.change();
    expect(scheduler.state.kind).toBe("retrying");
    await advance(2_000);
    expect(calls).toHaveLength(2);
    calls[1]?.resolve();
    await settle();
    expect(scheduler.settled).toBe(true);
  });

  it("waits for the next change after refused values, and for the person after a conflict", async () => {
    const { scheduler, advance, calls } = setup({
      classify: (error) =>
        String(error).includes("409")
          ? { kind: "conflict", reason: "taken" }
          : { kind: "invalid", reason: "bad" },
    });
    scheduler.change();
    await advance(3_000);
    calls[0]?.reject(new Error("400"));
    await settle();
    expect(scheduler.state).toEqual({ kind: "invalid", reason: "bad" });
    await advance(60_000);
    expect(calls).toHaveLength(1);
    scheduler.change();
    await advance(3_000);
    expect(calls).toHaveLength(2);
    calls[1]?.reject(new Error("409"));
    await settle();
    expect(scheduler.state.kind).toBe("conflict");
    scheduler.change();
    await advance(60_000);
    expect(calls).toHaveLength(2);
    scheduler.resume();
    await advance(3_000);
    expect(calls).toHaveLength(3);
  });

  it("plans nothing while paused, and markSaved settles everything", async () => {
    const { scheduler, advance, calls } = setup();
    scheduler.pause();
    scheduler.change();
    await advance(60_000);
    expect(calls).toHaveLength(0);
    scheduler.markSaved();
    expect(scheduler.settled).toBe(true);
    expect(scheduler.state.kind).toBe("saved");
    scheduler.resume();
    await advance(60_000);
    expect(calls).toHaveLength(0);
  });

  it("saves at once on flush, after any save on its way, and answers whether all is held", async () => {
    const { scheduler, advance, calls } = setup();
    expect(await scheduler.flush()).toBe(true);
    expect(calls).toHaveLength(0);
    scheduler.change();
    await advance(3_000);
    scheduler.change();
    const flushed = scheduler.flush();
    await settle();
    // The save on its way ends first; then the newer change goes out without waiting.
    expect(calls).toHaveLength(1);
    calls[0]?.resolve();
    await settle();
    expect(calls).toHaveLength(2);
    calls[1]?.resolve();
    expect(await flushed).toBe(true);
    expect(scheduler.state.kind).toBe("saved");
    scheduler.change();
    const failing = scheduler.flush();
    await settle();
    calls[2]?.reject(new Error("offline"));
    expect(await failing).toBe(false);
    expect(scheduler.state.kind).toBe("retrying");
  });
});
