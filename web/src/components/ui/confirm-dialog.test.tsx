import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { ConfirmDialog } from "./confirm-dialog";

afterEach(cleanup);

const props = {
  open: true,
  title: "Delete this headshot?",
  description: "It goes for good.",
  action: "Delete headshot",
  pendingAction: "Deleting...",
};

describe("a confirmation the server answers", () => {
  it("confirming asks the caller and leaves the dialog open; Cancel and Escape close it", () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(<ConfirmDialog {...props} pending={false} onClose={onClose} onConfirm={onConfirm} />);
    const dialog = screen.getByRole("alertdialog", { name: "Delete this headshot?" });
    expect(dialog.textContent).toContain("It goes for good.");
    fireEvent.click(screen.getByRole("button", { name: "Delete headshot" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it("while the server works it says so and cannot be dismissed or confirmed again", () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(<ConfirmDialog {...props} pending onClose={onClose} onConfirm={onConfirm} />);
    const action = screen.getByRole("button", { name: "Deleting..." }) as HTMLButtonElement;
    expect([action.disabled, (screen.getByRole("button", { name: "Cancel" }) as HTMLButtonElement).disabled]).toEqual([true, true]);
    fireEvent.keyDown(screen.getByRole("alertdialog"), { key: "Escape" });
    expect(onClose).not.toHaveBeenCalled();
  });
});
