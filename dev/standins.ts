/**
 * The local stand-ins for cloud services. Each keeps the production client code path: only the
 * endpoint changes. A real key in .dev.vars (or the environment) switches that service to the real one.
 */
export interface Standins {
  vars: Record<string, string>;
  notes: string[];
  stop(): Promise<void>;
}

export async function startStandins(_opts: { appUrl: string; vars: Record<string, string> }): Promise<Standins> {
  const stops: (() => Promise<void>)[] = [];
  const vars: Record<string, string> = {};
  const notes: string[] = [];
  return {
    vars,
    notes,
    async stop() {
      for (const fn of stops) await fn().catch(() => {});
    },
  };
}
