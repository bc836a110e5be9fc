/** Waits for a condition by polling it (the tests never sleep a fixed time for something they can ask). */
const POLL_MS = 25;

/** `what` may be a function, to describe the state at the time of the failure. */
export async function until<T>(check: () => T | Promise<T>, what: string | (() => string), ms = 15_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
      last = value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`${typeof what === 'function' ? what() : what}: not reached in ${ms} ms (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
