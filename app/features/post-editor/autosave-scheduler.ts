/**
 * When the editor autosaves (docs/decisions/008-editor-saves.md), apart from how: a few seconds
 * after typing stops, at least every 30 seconds while typing goes on, one save at a time, and
 * after a failure again and again with growing pauses. "Saved" is only ever reported for the
 * values the form holds now: a change made while a save was on its way keeps the state at
 * "unsaved" until a later save has carried it too.
 *
 * It knows nothing of React or of the API: the editor gives it `save` and a way to classify
 * failures, and renders the state it reports.
 */

/** Why an autosave failed, as the caller judges it from the error. */
export type AutosaveFailure =
  /** Network trouble, a server fault, a timeout: worth trying again by itself. */
  | { kind: "retry"; reason: string }
  /** The values were refused (400): trying again is useless until they change. */
  | { kind: "invalid"; reason: string }
  /** Someone else saved the post meanwhile (409): nothing more until the person decides. */
  | { kind: "conflict"; reason: string }
  /** Signed out or no longer allowed (401, 403): the sign-in redirect takes over. */
  | { kind: "stop"; reason: string };

export type AutosaveState =
  /** Nothing typed since the editor opened or since the last save. */
  | { kind: "idle" }
  /** Every change so far is held by the server. */
  | { kind: "saved"; at: number }
  /** Changes are waiting for typing to pause. */
  | { kind: "unsaved" }
  | { kind: "saving" }
  /** The last try failed and another is planned. */
  | { kind: "retrying"; reason: string; attempt: number }
  | { kind: "invalid"; reason: string }
  | { kind: "conflict"; reason: string }
  | { kind: "stopped"; reason: string };

export type Clock = {
  now: () => number;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export const AUTOSAVE_TIMING = {
  /** The pause in typing after which the changes are saved. */
  quietMs: 3_000,
  /** The longest changes wait while typing goes on. */
  maxWaitMs: 30_000,
  /** Pauses before each new try after a failure; the last repeats. */
  retryMs: [2_000, 4_000, 8_000, 15_000, 30_000],
} as const;

export type AutosaveSchedulerOptions = {
  /** Saves the current values; resolves once the server holds them. */
  save: () => Promise<void>;
  classify: (error: unknown) => AutosaveFailure;
  onState: (state: AutosaveState) => void;
  clock?: Clock;
  timing?: { quietMs: number; maxWaitMs: number; retryMs: readonly number[] };
};

export class AutosaveScheduler {
  readonly #save: () => Promise<void>;
  readonly #classify: (error: unknown) => AutosaveFailure;
  readonly #onState: (state: AutosaveState) => void;
  readonly #clock: Clock;
  readonly #timing: { quietMs: number; maxWaitMs: number; retryMs: readonly number[] };

  #state: AutosaveState = { kind: "idle" };
  /** Counts changes, so a save can tell whether it carried the latest one. */
  #changes = 0;
  /** The change count the server holds. */
  #savedChanges = 0;
  /** When the oldest change not yet saved was made, for the 30-second bound. */
  #firstUnsavedAt: number | null = null;
  #timer: unknown = null;
  #inFlight: Promise<void> | null = null;
  #failures = 0;
  #paused = false;
  #disposed = false;

  constructor(options: AutosaveSchedulerOptions) {
    this.#save = options.save;
    this.#classify = options.classify;
    this.#onState = options.onState;
    this.#clock = options.clock ?? realClock;
    this.#timing = options.timing ?? AUTOSAVE_TIMING;
  }

  get state(): AutosaveState {
    return this.#state;
  }

  /** Whether every change is held by the server. */
  get settled(): boolean {
    return this.#changes === this.#savedChanges;
  }

  /** The form changed. */
  change(): void {
    if (this.#disposed) return;
    this.#changes += 1;
    this.#firstUnsavedAt ??= this.#clock.now();
    // A conflict or a stop waits for the person; a retry keeps its own timer.
    if (this.#state.kind === "conflict" || this.#state.kind === "stopped") return;
    if (this.#state.kind !== "retrying" && this.#state.kind !== "saving") {
      this.#setState({ kind: "unsaved" });
    }
    if (this.#state.kind !== "retrying") this.#plan();
  }

  /**
   * The server now holds every change so far by another way (a manual save, a restore): nothing
   * is waiting, and any failure state is over.
   */
  markSaved(): void {
    this.#savedChanges = this.#changes;
    this.#firstUnsavedAt = null;
    this.#failures = 0;
    this.#cancelTimer();
    this.#setState({ kind: "saved", at: this.#clock.now() });
  }

  /** Stops planning saves (a manual save is under way); `resume` starts again. */
  pause(): void {
    this.#paused = true;
    this.#cancelTimer();
  }

  /** After a conflict was settled or a manual save ended: saves what is waiting, if anything. */
  resume(): void {
    this.#paused = false;
    if (this.#state.kind === "conflict" || this.#state.kind === "stopped") {
      this.#setState({ kind: "unsaved" });
    }
    if (!this.settled) this.#plan();
  }

  /** Waits for a save on its way, if any. */
  async idle(): Promise<void> {
    if (this.#inFlight) await this.#inFlight;
  }

  /**
   * Saves what is waiting now rather than after the pause in typing (Ctrl/Cmd+S on a public
   * post, keeping its changes on the way out), and answers whether the server then holds every
   * change. While paused, or after a conflict or a stop, it saves nothing.
   */
  async flush(): Promise<boolean> {
    await this.idle();
    const blocked = this.#state.kind === "conflict" || this.#state.kind === "stopped";
    if (!this.settled && !blocked) await this.#run();
    return this.settled;
  }

  /** Takes changes again after `dispose` (a component mounted anew keeps its scheduler). */
  open(): void {
    this.#disposed = false;
  }

  dispose(): void {
    this.#disposed = true;
    this.#cancelTimer();
  }

  #plan(): void {
    if (this.#paused || this.#disposed || this.#inFlight) return;
    this.#cancelTimer();
    const now = this.#clock.now();
    const deadline = (this.#firstUnsavedAt ?? now) + this.#timing.maxWaitMs;
    const wait = Math.max(0, Math.min(this.#timing.quietMs, deadline - now));
    this.#timer = this.#clock.setTimeout(() => {
      this.#timer = null;
      void this.#run();
    }, wait);
  }

  #cancelTimer(): void {
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
    this.#timer = null;
  }

  async #run(): Promise<void> {
    if (this.#inFlight || this.#paused || this.#disposed || this.settled) return;
    this.#cancelTimer();
    const carried = this.#changes;
    this.#setState({ kind: "saving" });
    const attempt = this.#save().then(
      () => this.#succeeded(carried),
      (error: unknown) => this.#failed(error),
    );
    this.#inFlight = attempt;
    try {
      await attempt;
    } finally {
      this.#inFlight = null;
    }
    if (this.#state.kind === "unsaved") this.#plan();
  }

  #succeeded(carried: number): void {
    if (this.#disposed) return;
    this.#failures = 0;
    this.#savedChanges = Math.max(this.#savedChanges, carried);
    if (this.settled) {
      this.#firstUnsavedAt = null;
      this.#setState({ kind: "saved", at: this.#clock.now() });
    } else {
      // Typing went on while the save was out: the newer changes still wait.
      this.#setState({ kind: "unsaved" });
    }
  }

  #failed(error: unknown): void {
    if (this.#disposed) return;
    const failure = this.#classify(error);
    if (failure.kind === "retry") {
      this.#failures += 1;
      const delays = this.#timing.retryMs;
      const delay = delays[Math.min(this.#failures - 1, delays.length - 1)] ?? 30_000;
      this.#setState({ kind: "retrying", reason: failure.reason, attempt: this.#failures });
      if (!this.#paused) {
        this.#timer = this.#clock.setTimeout(() => {
          this.#timer = null;
          void this.#run();
        }, delay);
      }
      return;
    }
    this.#failures = 0;
    if (failure.kind === "invalid") this.#setState({ kind: "invalid", reason: failure.reason });
    else if (failure.kind === "conflict")
      this.#setState({ kind: "conflict", reason: failure.reason });
    else this.#setState({ kind: "stopped", reason: failure.reason });
  }

  #setState(state: AutosaveState): void {
    this.#state = state;
    this.#onState(state);
  }
}
