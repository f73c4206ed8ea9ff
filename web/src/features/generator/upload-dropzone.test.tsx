import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MAX_UPLOAD_BYTES, MESSAGES, MIN_UPLOAD_SIDE } from "@/lib/domain";
import { checkPhoto, chosenPhoto, sentFor, sentSizeProblem, type Dimensions } from "./photo-content";
import { MorePhotos } from "./more-photos";
import { UploadDropzone } from "./upload-dropzone";

vi.mock("./photo-content", async (importOriginal) => {
  const real = await importOriginal<typeof import("./photo-content")>();
  // jsdom decodes no image: every photo decodes as 800×1000 here
  const decode = async () => ({ width: 800, height: 1000 });
  return { ...real, checkPhoto: (f: File, d?: typeof decode, shrink?: boolean) => real.checkPhoto(f, d ?? decode, shrink) };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * A browser that shrinks photos (jsdom has no canvas): every photo decodes as 4032×3024 and is drawn into a JPEG
 * of `sentBytes` bytes. Answers the sizes the canvas was asked for.
 */
function shrinkingBrowser(sentBytes: number) {
  const drawn: [number, number][] = [];
  vi.stubGlobal("createImageBitmap", async () => ({ width: 4032, height: 3024, close() {} }));
  vi.stubGlobal(
    "OffscreenCanvas",
    class {
      constructor(width: number, height: number) {
        drawn.push([width, height]);
      }
      getContext() {
        return { imageSmoothingQuality: "low", drawImage() {} };
      }
      convertToBlob() {
        return Promise.resolve(new Blob([new Uint8Array(sentBytes)], { type: "image/jpeg" }));
      }
    },
  );
  return drawn;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 16];
const WEBP = [...new TextEncoder().encode("RIFF"), 0, 0, 0, 0, ...new TextEncoder().encode("WEBPVP8 ")];
const HEIC = [0, 0, 0, 24, ...new TextEncoder().encode("ftypheic"), 0, 0, 0, 0, ...new TextEncoder().encode("mif1heic")];
const GIF = [...new TextEncoder().encode("GIF89a"), 1, 0, 1, 0, 0x80, 0, 0];

function fileOf(bytes: number[] | string, name: string, type: string, size?: number) {
  const f = new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });
  if (size !== undefined) Object.defineProperty(f, "size", { value: size });
  return f;
}
const decodesAs = (d: Dimensions) => async () => d;
const broken = async (): Promise<Dimensions> => {
  throw new Error("decode failed");
};

describe("checkPhoto: the file's content, before the preview", () => {
  it("accepts a JPEG, PNG or WebP that decodes at a usable size, whatever its name says", async () => {
    for (const bytes of [JPEG, PNG, WEBP]) {
      expect(await checkPhoto(fileOf(bytes, "photo.gif", "image/gif"), decodesAs({ width: MIN_UPLOAD_SIDE, height: 900 }))).toBeNull();
    }
  });

  it("says what is wrong: not an image, an iPhone HEIC this browser cannot read (with how to export it), another format, damaged, too small, too large", async () => {
    const ok = decodesAs({ width: 800, height: 1000 });
    expect(await checkPhoto(fileOf("hello, I am not a photo\n", "me.jpg", "image/jpeg"), ok)).toBe(MESSAGES.notAnImage);
    // an HEIC this browser cannot decode is explained; one it decodes (Safari) is taken, and converted before upload
    expect(await checkPhoto(fileOf(HEIC, "IMG_0001.HEIC", "image/heic"), broken)).toBe(MESSAGES.heicInThisBrowser);
    expect(MESSAGES.heicInThisBrowser).toMatch(/choose it again in Safari, or export it as JPEG/);
    expect(await checkPhoto(fileOf(HEIC, "IMG_0001.HEIC", "image/heic"), ok)).toBeNull();
    expect(await checkPhoto(fileOf(GIF, "a.gif", "image/gif"), ok)).toBe(MESSAGES.badType);
    expect(await checkPhoto(fileOf(JPEG, "me.jpg", "image/jpeg"), broken)).toBe(MESSAGES.unreadable);
    expect(await checkPhoto(fileOf(PNG, "tiny.png", "image/png"), decodesAs({ width: MIN_UPLOAD_SIDE - 1, height: 900 }))).toBe(
      MESSAGES.tooSmall,
    );
    expect(await checkPhoto(fileOf(PNG, "big.png", "image/png", MAX_UPLOAD_BYTES + 1), ok, false)).toBe(MESSAGES.tooLarge);
    expect(await checkPhoto(fileOf(PNG, "huge.png", "image/png"), decodesAs({ width: 8000, height: 6000 }))).toMatch(
      /limit is 40 megapixels/,
    );
    expect(await checkPhoto(fileOf([], "empty.jpg", "image/jpeg"), ok)).toBe(MESSAGES.notAnImage);
  });

  it("takes a 16 MB phone photo where the browser shrinks it, and checks the server's limit on what is sent (issue 46)", async () => {
    const ok = decodesAs({ width: 4032, height: 3024 });
    const phone = fileOf(JPEG, "IMG_0001.JPG", "image/jpeg", 16 * 1024 * 1024);
    expect(await checkPhoto(phone, ok, true)).toBeNull();
    expect(await checkPhoto(phone, ok, false)).toBe(MESSAGES.tooLarge); // no canvas: sent as it is, so refused here
    expect(await checkPhoto(fileOf(JPEG, "huge.jpg", "image/jpeg", 51 * 1024 * 1024), ok, true)).toBe(MESSAGES.tooLargeToShrink);
    expect(sentSizeProblem(fileOf(JPEG, "sent.jpg", "image/jpeg", 1_200_000))).toBeNull();
    expect(sentSizeProblem(fileOf(JPEG, "sent.jpg", "image/jpeg", MAX_UPLOAD_BYTES + 1))).toBe(MESSAGES.tooLarge);
  });
});

describe("<UploadDropzone>", () => {
  it("shows what is wrong with a text file named .jpg and shows no preview", async () => {
    const onChange = vi.fn();
    render(<UploadDropzone file={null} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText("Upload photo"), { target: { files: [fileOf("not a photo", "me.jpg", "image/jpeg")] } });
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(MESSAGES.notAnImage));
    expect(onChange).not.toHaveBeenCalled();
  });

  it("shows the size message for a file over 10 MB", async () => {
    const onChange = vi.fn();
    render(<UploadDropzone file={null} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText("Upload photo"), {
      target: { files: [fileOf(JPEG, "big.jpg", "image/jpeg", MAX_UPLOAD_BYTES + 1)] },
    });
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(MESSAGES.tooLarge));
    expect(onChange).not.toHaveBeenCalled();
  });

  it("uses only the first dropped file and highlights while dragging", async () => {
    const onChange = vi.fn();
    const { container } = render(<UploadDropzone file={null} onChange={onChange} />);
    const zone = container.querySelector("[class*='border-dashed']")!;
    fireEvent.dragEnter(zone, { dataTransfer: { files: [] } });
    expect(zone.getAttribute("data-dragging")).toBe("true");
    expect(screen.getByText("Drop your photo here")).toBeTruthy();
    const first = fileOf(PNG, "me.png", "image/png");
    fireEvent.drop(zone, { dataTransfer: { files: [first, fileOf(PNG, "other.png", "image/png")] } });
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange).toHaveBeenCalledWith(first);
    expect(zone.getAttribute("data-dragging")).toBeNull();
  });

  it("names the photo as chosen, with its own size, not the smaller JPEG sent for it (issue 46)", () => {
    URL.createObjectURL = vi.fn(() => "blob:preview");
    URL.revokeObjectURL = vi.fn();
    const chosen = fileOf(PNG, "coffee.png", "image/png", 4.8 * 1024 * 1024);
    const sent = sentFor(chosen, fileOf(JPEG, "coffee.jpg", "image/jpeg", 520_000));
    render(<UploadDropzone file={sent} onChange={vi.fn()} />);
    expect(screen.getByText("coffee.png")).toBeTruthy();
    expect(screen.getByText("4.8 MB · ready to generate")).toBeTruthy();
  });

  it("takes a 16 MB phone photo, sends it shrunk under the server's limit, and names it as chosen (issue 46)", async () => {
    URL.createObjectURL = vi.fn(() => "blob:preview");
    URL.revokeObjectURL = vi.fn();
    const drawn = shrinkingBrowser(1_100_000);
    const onChange = vi.fn();
    render(<UploadDropzone file={null} onChange={onChange} />);
    const phone = fileOf(JPEG, "IMG_0001.JPG", "image/jpeg", 16 * 1024 * 1024);
    fireEvent.change(screen.getByLabelText("Upload photo"), { target: { files: [phone] } });
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole("alert")).toBeNull();
    const sent = onChange.mock.calls[0]![0] as File;
    expect(sent).toMatchObject({ name: "IMG_0001.jpg", type: "image/jpeg", size: 1_100_000 });
    expect(sent.size).toBeLessThanOrEqual(MAX_UPLOAD_BYTES);
    expect(Math.max(...drawn[0]!)).toBeLessThan(4032); // brought down, not sent whole
    expect(chosenPhoto(sent)).toEqual({ name: "IMG_0001.JPG", size: 16 * 1024 * 1024 });
    cleanup();
    render(<UploadDropzone file={sent} onChange={vi.fn()} />);
    expect(screen.getByText("IMG_0001.JPG")).toBeTruthy();
    expect(screen.getByText("16.0 MB · ready to generate")).toBeTruthy();
  });

  it("refuses a photo that is still over the server's limit once shrunk, with the limit's words", async () => {
    shrinkingBrowser(MAX_UPLOAD_BYTES + 1);
    const onChange = vi.fn();
    render(<UploadDropzone file={null} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText("Upload photo"), {
      target: { files: [fileOf(JPEG, "huge.jpg", "image/jpeg", 40 * 1024 * 1024)] },
    });
    expect((await screen.findByRole("alert")).textContent).toBe(MESSAGES.tooLarge);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("previews the chosen file with its name and clears it", () => {
    URL.createObjectURL = vi.fn(() => "blob:preview");
    URL.revokeObjectURL = vi.fn();
    const onChange = vi.fn();
    render(<UploadDropzone file={fileOf(PNG, "me.png", "image/png")} onChange={onChange} />);
    expect(screen.getByText("me.png")).toBeTruthy();
    expect(screen.getByAltText("Your uploaded photo").getAttribute("src")).toBe("blob:preview");
    fireEvent.click(screen.getByRole("button", { name: /clear photo/i }));
    expect(onChange).toHaveBeenCalledWith(null);
  });
});

describe("<MorePhotos>: further photos are taken as the first one is", () => {
  it("says what is wrong with a file, tied to the input, and keeps it out; a photo is added", async () => {
    const onChange = vi.fn();
    const kept = fileOf(PNG, "me-1.png", "image/png");
    render(<MorePhotos first={fileOf(PNG, "me-0.png", "image/png")} files={[kept]} onChange={onChange} />);
    const input = screen.getByLabelText("Add another photo");
    fireEvent.change(input, { target: { files: [fileOf("not a photo", "me.jpg", "image/jpeg")] } });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(MESSAGES.notAnImage);
    expect(input.getAttribute("aria-describedby")).toBe(alert.id);
    expect(onChange).not.toHaveBeenCalled();

    const added = fileOf(PNG, "me-2.png", "image/png");
    fireEvent.change(input, { target: { files: [added] } });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([kept, added]));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("names a further photo as chosen, not the JPEG sent for it (issue 46)", () => {
    URL.createObjectURL = vi.fn(() => "blob:preview");
    URL.revokeObjectURL = vi.fn();
    const sent = sentFor(fileOf(PNG, "coffee.png", "image/png", 4.8 * 1024 * 1024), fileOf(JPEG, "coffee.jpg", "image/jpeg", 520_000));
    render(<MorePhotos first={fileOf(PNG, "me-0.png", "image/png")} files={[sent]} onChange={vi.fn()} />);
    expect(screen.getByRole("img", { name: "Extra photo coffee.png" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Remove coffee.png" })).toBeTruthy();
  });
});
