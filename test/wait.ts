/**
 * Waits for a condition, never for a span of time: polls `check` every `everyMs` until it answers
 * something truthy and returns it; throws naming `what` (and the last answer) after `timeoutMs`.
 * The deadline is generous on purpose — the suite must pass on a busy 2-core machine (load ~15),
 * where a thread or a child process can take seconds to start; a healthy run returns at once.
 */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  what: string,
  { timeoutMs = 30_000, everyMs = 20 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() >= end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (last: ${String(v)})`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
