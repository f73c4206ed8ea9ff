import { useEffect, useId, useRef, useState } from "react";
import { ImagePlus, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ACCEPTED_UPLOAD_TYPES, SHOOT_MAX_PHOTOS } from "@/lib/domain";
import { checkPhoto } from "./photo-content";

function Thumb({ file, onRemove }: { file: File; onRemove: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return (
    <li className="relative">
      {url && <img src={url} alt={`Extra photo ${file.name}`} className="size-20 rounded-lg object-cover" />}
      <Button variant="secondary" size="icon" className="absolute -right-2 -top-2 size-6 rounded-full" onClick={onRemove} aria-label={`Remove ${file.name}`}>
        <X className="size-3" aria-hidden="true" />
      </Button>
    </li>
  );
}

/**
 * Step 3's further photos of the same person (issue 24): up to SHOOT_MAX_PHOTOS in all, each checked like
 * the first. The model is told they show one person; more angles help it keep the likeness.
 */
export function MorePhotos({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const room = SHOOT_MAX_PHOTOS - 1 - files.length;

  async function add(f: File | undefined) {
    if (!f) return;
    const problem = await checkPhoto(f);
    setError(problem);
    if (!problem) onChange([...files, f]);
    if (input.current) input.current.value = "";
  }

  return (
    <div className="grid gap-2 rounded-xl border bg-card p-4">
      <p className="text-sm font-medium">More photos of the same person (optional, up to {SHOOT_MAX_PHOTOS} in all)</p>
      <p className="text-xs text-muted-foreground">Other angles or moments help keep your likeness in every picture.</p>
      <ul className="flex flex-wrap gap-3">
        {files.map((f, i) => (
          <Thumb key={`${f.name}-${i}`} file={f} onRemove={() => onChange(files.filter((_, j) => j !== i))} />
        ))}
      </ul>
      {room > 0 && (
        <div>
          <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
            <ImagePlus aria-hidden="true" /> Add another photo
          </Button>
          <input
            ref={input}
            type="file"
            accept={ACCEPTED_UPLOAD_TYPES.join(",")}
            aria-label="Add another photo"
            aria-describedby={error ? `${id}-error` : undefined}
            className="sr-only"
            tabIndex={-1}
            onChange={(e) => void add(e.target.files?.[0])}
          />
        </div>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
