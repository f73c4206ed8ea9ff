import "@testing-library/dom";
import { afterEach, vi } from "vitest";
import { clearToasts } from "@/components/ui/use-toast";

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
