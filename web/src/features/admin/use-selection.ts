import { useCallback, useMemo, useState } from "react";

/**
 * The moderation panel's selection (SPEC §4): toggle one id; Select All selects every listed id or none.
 * Ids that leave the list (a deletion, another page) do not count as selected.
 */
export function useSelection(listed: readonly string[]) {
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const selected = useMemo(() => listed.filter((id) => picked.has(id)), [listed, picked]);
  const allSelected = listed.length > 0 && selected.length === listed.length;

  const toggle = useCallback((id: string, on: boolean) => {
    setPicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const selectAll = useCallback((on: boolean) => setPicked(on ? new Set(listed) : new Set()), [listed]);
  const clear = useCallback(() => setPicked(new Set()), []);

  return { selected, isSelected: (id: string) => picked.has(id), allSelected, toggle, selectAll, clear };
}
