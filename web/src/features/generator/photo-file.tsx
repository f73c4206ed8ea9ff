import { useEffect, useId, useRef, useState } from "react";
import { ACCEPTED_UPLOAD_TYPES } from "@/lib/domain";
import { checkPhoto, reduceForUpload, sentSizeProblem } from "./photo-content";

/**
 * The one way step 3 takes a photo file, the first one and a shoot's further ones alike: its content is
 * checked (./photo-content.ts) before it is shown or kept, and what is wrong is said in an alert that the
 * input points to. What is kept (shown, checked for a face, uploaded) is the photo brought down to the
 * model's size, upright, as JPEG (`reduceForUpload`; decision 170).
 */
export function usePhotoFile(onAccepted: (file: File) => void) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  // An input keeps its value: without emptying it, choosing the same file again would not be a change.
  const empty = () => {
    if (input.current) input.current.value = "";
  };

  async function take(file: File | undefined) {
    if (!file) return;
    setChecking(true);
    let found = await checkPhoto(file);
    let ready = file;
    if (!found) ready = await reduceForUpload(file).catch(() => file); // the server reduces what arrives larger
    found ??= sentSizeProblem(ready); // the server's limit, on what is sent (a 16 MB phone photo is sent shrunk)
    setChecking(false);
    setProblem(found);
    empty();
    if (!found) onAccepted(ready);
  }

  return {
    input,
    id,
    problem,
    checking,
    take,
    choose: () => input.current?.click(),
    clear: () => {
      setProblem(null);
      empty();
    },
  };
}

export type PhotoFile = ReturnType<typeof usePhotoFile>;

/** The hidden file input behind a visible button (`photo.choose`), named by `label` for assistive technology. */
export function PhotoFileInput({ photo, label }: { photo: PhotoFile; label: string }) {
  return (
    <input
      ref={photo.input}
      id={photo.id}
      type="file"
      accept={ACCEPTED_UPLOAD_TYPES.join(",")}
      aria-label={label}
      aria-describedby={photo.problem ? `${photo.id}-error` : undefined}
      className="sr-only"
      tabIndex={-1}
      onChange={(e) => void photo.take(e.target.files?.[0])}
    />
  );
}

export function PhotoProblem({ photo }: { photo: PhotoFile }) {
  if (!photo.problem) return null;
  return (
    <p id={`${photo.id}-error`} role="alert" className="text-sm font-medium text-destructive">
      {photo.problem}
    </p>
  );
}

/** A preview address for a file, given back to the browser when the file changes or the preview goes. */
export function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}
