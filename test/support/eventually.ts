/**
 * Reads until the answer is what the spec waits for (or fails after `ms`, naming it): for what the app writes
 * after it has answered — an admin-log row, a message sent after commit. Never a fixed pause.
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`still not ${what} after ${ms} ms: ${JSON.stringify(value)?.slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
