import type { KeyboardEvent } from "react";

/**
 * Arrow-key focus movement for a group of card buttons with role="radio" (the wizard's gender and
 * style pickers). Arrows move focus; Space/Enter choose — choosing advances the wizard, so arrows must
 * not select on their own. Give the selected (or first) card tabIndex 0 and the others -1.
 */
export function onRovingKeyDown(e: KeyboardEvent<HTMLElement>) {
  const keys: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  const step = keys[e.key];
  const home = e.key === "Home";
  const end = e.key === "End";
  if (step === undefined && !home && !end) return;
  const group = e.currentTarget;
  const items = Array.from(group.querySelectorAll<HTMLElement>('[role="radio"]'));
  const current = items.indexOf(document.activeElement as HTMLElement);
  if (current < 0) return;
  e.preventDefault();
  const next = home ? 0 : end ? items.length - 1 : (current + step! + items.length) % items.length;
  items[next]?.focus();
}

export function rovingTabIndex(index: number, selectedIndex: number) {
  return index === (selectedIndex < 0 ? 0 : selectedIndex) ? 0 : -1;
}
