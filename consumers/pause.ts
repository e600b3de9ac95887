/** Waits that end early when the runner stops, so a stop never waits out a poll or a backoff. */
export interface Pause {
  readonly stopped: boolean;
  wait(ms: number): Promise<void>;
  stop(): void;
  /** Calls `listener` once, when `stop` is called. */
  onStop(listener: () => void): void;
}

export function pause(): Pause {
  const controller = new AbortController();
  const { signal } = controller;
  return {
    get stopped() {
      return signal.aborted;
    },
    wait: (ms) =>
      new Promise<void>((resolve) => {
        if (signal.aborted) return resolve();
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        signal.addEventListener('abort', done, { once: true });
      }),
    stop: () => controller.abort(),
    onStop: (listener) => {
      if (signal.aborted) listener();
      else signal.addEventListener('abort', listener, { once: true });
    },
  };
}
