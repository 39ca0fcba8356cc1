import { describe, expect, it } from "vitest";
import {
  CONTENT_MEMO_LIFETIME_MS,
  createContentMemo,
  forgetContent,
  rememberContent,
} from "./content-memo.server.ts";

/** A memo on a clock the test moves, and a read that counts its calls. */
function setUp(options: { maxEntries?: number } = {}) {
  let clock = 1_000_000;
  const memo = createContentMemo({ ...options, now: () => clock });
  let reads = 0;
  const read = async () => ++reads;
  return {
    memo,
    read,
    reads: () => reads,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe("the content memo", () => {
  it("answers from memory within its lifetime, then reads again", async () => {
    const { memo, read, reads, advance } = setUp();
    expect(await memo.remember("count", read)).toBe(1);
    advance(CONTENT_MEMO_LIFETIME_MS - 1);
    expect(await memo.remember("count", read)).toBe(1);
    advance(1);
    expect(await memo.remember("count", read)).toBe(2);
    expect(reads()).toBe(2);
  });

  it("keeps each key apart", async () => {
    const { memo } = setUp();
    expect(await memo.remember("a", async () => "a")).toBe("a");
    expect(await memo.remember("b", async () => "b")).toBe("b");
  });

  it("forgets everything at once", async () => {
    const { memo, read } = setUp();
    await memo.remember("count", read);
    memo.forget();
    expect(memo.size).toBe(0);
    expect(await memo.remember("count", read)).toBe(2);
  });

  it("does not keep what a read begun before forget() answers", async () => {
    const { memo } = setUp();
    let finish: (value: string) => void = () => undefined;
    const before = memo.remember(
      "list",
      () => new Promise<string>((resolve) => (finish = resolve)),
    );
    memo.forget();
    finish("read before the write");
    expect(await before).toBe("read before the write");
    expect(await memo.remember("list", async () => "read after")).toBe("read after");
  });

  it("shares one read between requests arriving while it runs", async () => {
    const { memo, read, reads } = setUp();
    const answers = await Promise.all([memo.remember("count", read), memo.remember("count", read)]);
    expect(answers).toEqual([1, 1]);
    expect(reads()).toBe(1);
  });

  it("does not keep a failed read", async () => {
    const { memo, read } = setUp();
    await expect(memo.remember("count", () => Promise.reject(new Error("down")))).rejects.toThrow(
      "down",
    );
    expect(await memo.remember("count", read)).toBe(1);
  });

  it("holds at most maxEntries answers, dropping the oldest", async () => {
    const { memo, read, reads } = setUp({ maxEntries: 2 });
    await memo.remember("a", read);
    await memo.remember("b", read);
    await memo.remember("c", read);
    expect(memo.size).toBe(2);
    await memo.remember("b", read);
    expect(reads()).toBe(3);
    await memo.remember("a", read);
    expect(reads()).toBe(4);
  });

  it("reads again when the clock goes back", async () => {
    const { memo, read, advance } = setUp();
    await memo.remember("count", read);
    advance(-10_000);
    expect(await memo.remember("count", read)).toBe(2);
  });
});

describe("the process's memo", () => {
  it("keeps each database's answers apart, lets a visitor with a session bypass it, and forgets on forgetContent", async () => {
    const one = {};
    const two = {};
    expect(await rememberContent(one, "count", async () => 1)).toBe(1);
    expect(await rememberContent(two, "count", async () => 2)).toBe(2);
    expect(await rememberContent(one, "count", async () => 3)).toBe(1);
    expect(await rememberContent(one, "count", async () => 4, { bypass: true })).toBe(4);
    forgetContent();
    expect(await rememberContent(one, "count", async () => 5)).toBe(5);
  });
});
