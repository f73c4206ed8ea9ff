import { configure } from "@testing-library/dom";
import { afterEach, vi } from "vitest";
import { clearToasts } from "@/components/ui/use-toast";

// findBy…/waitFor give up after 1 s by default: on a 2-core machine running the whole suite, a screen's first
// answer (a stubbed fetch, then React's render) has taken longer (team-overview, download-panel, 2026-12-05).
// Waiting longer changes no verdict: a test that should fail still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

// Toasts live in a module-level store that outlives each test's render: start every test with none.
afterEach(() => clearToasts());

// jsdom has no ResizeObserver (every browser has); the toasts keep below elements watched with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// No test looks at a chart's picture, only at its figures' table: recharts draws nothing (recharts-stub.tsx).
vi.mock("recharts", () => import("./recharts-stub"));
