/** Bounded concurrency: at most `limit` tasks run at once, the rest wait in order. */

/** Returns a function that runs tasks with at most `limit` of them in flight. */
export function createLimiter(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  // A finishing task hands its slot straight to the next waiter, so no newcomer can slip in between.
  const release = (): void => {
    const wake = waiting.shift();
    if (wake) wake();
    else active -= 1;
  };
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else active += 1;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
