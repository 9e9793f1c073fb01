// Waiting outside the browser (a process, a port, a file): a condition polled until it holds, never a fixed sleep.

/** Resolves once `check` is true (a throw counts as false); fails with `what` after `ms`. */
export async function until(check: () => Promise<boolean> | boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await Promise.resolve().then(check).catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
