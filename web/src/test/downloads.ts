import { vi } from "vitest";

/**
 * Catches the files a screen saves (`saveBlob` clicks a download link): the returned list fills with their names,
 * in order. The link's click stays replaced until `vi.restoreAllMocks()`.
 */
export function captureDownloads(): string[] {
  URL.createObjectURL = vi.fn(() => "blob:saved");
  URL.revokeObjectURL = vi.fn();
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}
