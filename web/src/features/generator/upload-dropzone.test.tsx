import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MAX_UPLOAD_BYTES, MESSAGES } from "@/lib/domain";
import { validateUpload } from "./rules";
import { UploadDropzone } from "./upload-dropzone";

afterEach(cleanup);

function fakeFile(name: string, type: string, size: number) {
  const f = new File(["x"], name, { type });
  Object.defineProperty(f, "size", { value: size });
  return f;
}

describe("upload validation", () => {
  it("accepts JPEG, PNG and WebP up to 10 MB", () => {
    for (const t of ["image/jpeg", "image/jpg", "image/png", "image/webp"]) {
      expect(validateUpload({ type: t, size: MAX_UPLOAD_BYTES })).toBeNull();
    }
  });
  it("rejects other types and anything over 10 MB with the spec's messages", () => {
    expect(validateUpload({ type: "image/gif", size: 10 })).toBe("Please upload a JPG, PNG, or WebP image");
    expect(validateUpload({ type: "application/pdf", size: 10 })).toBe(MESSAGES.badType);
    expect(validateUpload({ type: "image/png", size: MAX_UPLOAD_BYTES + 1 })).toBe("File size must be less than 10MB");
  });
});

describe("<UploadDropzone>", () => {
  it("shows the type message for a wrong file and does not accept it", () => {
    const onChange = vi.fn();
    render(<UploadDropzone file={null} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText("Upload photo"), { target: { files: [fakeFile("a.gif", "image/gif", 100)] } });
    expect(screen.getByRole("alert").textContent).toBe(MESSAGES.badType);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("shows the size message for a file over 10 MB", () => {
    const onChange = vi.fn();
    render(<UploadDropzone file={null} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText("Upload photo"), {
      target: { files: [fakeFile("big.jpg", "image/jpeg", MAX_UPLOAD_BYTES + 1)] },
    });
    expect(screen.getByRole("alert").textContent).toBe(MESSAGES.tooLarge);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("uses only the first dropped file and highlights while dragging", () => {
    const onChange = vi.fn();
    const { container } = render(<UploadDropzone file={null} onChange={onChange} />);
    const zone = container.querySelector("[class*='border-dashed']")!;
    fireEvent.dragEnter(zone, { dataTransfer: { files: [] } });
    expect(zone.getAttribute("data-dragging")).toBe("true");
    expect(screen.getByText("Drop your photo here")).toBeTruthy();
    const first = fakeFile("me.png", "image/png", 1000);
    fireEvent.drop(zone, { dataTransfer: { files: [first, fakeFile("other.png", "image/png", 1000)] } });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(first);
    expect(zone.getAttribute("data-dragging")).toBeNull();
  });

  it("previews the chosen file with its name and clears it", () => {
    URL.createObjectURL = vi.fn(() => "blob:preview");
    URL.revokeObjectURL = vi.fn();
    const onChange = vi.fn();
    render(<UploadDropzone file={fakeFile("me.png", "image/png", 1000)} onChange={onChange} />);
    expect(screen.getByText("me.png")).toBeTruthy();
    expect(screen.getByAltText("Your uploaded photo").getAttribute("src")).toBe("blob:preview");
    fireEvent.click(screen.getByRole("button", { name: /clear photo/i }));
    expect(onChange).toHaveBeenCalledWith(null);
  });
});
