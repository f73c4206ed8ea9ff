import { vi } from "vitest";

/** `fn`'s result and the JSON log lines it wrote (worker/lib/log.ts), kept off the test output. */
export async function captureLogs<T>(fn: () => Promise<T>): Promise<{ result: T; lines: Record<string, unknown>[] }> {
  const lines: Record<string, unknown>[] = [];
  const record = (line: unknown) => {
    try {
      lines.push(JSON.parse(String(line)) as Record<string, unknown>);
    } catch {
      /* not one of ours */
    }
  };
  const spies = (["log", "warn", "error"] as const).map((level) => vi.spyOn(console, level).mockImplementation(record));
  try {
    return { result: await fn(), lines };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}
