import { useState, type DragEvent } from "react";
import { ImageUp, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { MAX_UPLOAD_MB } from "@/lib/domain";
import { cn } from "@/lib/utils";
import { getLocale, intlLocale, m } from "@/lib/copy";
import { chosenPhoto } from "./photo-content";
import { PhotoFileInput, PhotoProblem, useObjectUrl, usePhotoFile } from "./photo-file";

/** A file size in megabytes with one decimal, in the reader's locale: "4.8" / "4,8". */
const megabytes = (bytes: number) =>
  new Intl.NumberFormat(intlLocale(getLocale()), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes / 1024 / 1024);

/**
 * Step 3's dropzone
: click or drop; only the first dropped file is used; the file's content is checked
 * (./photo-content.ts: what it really is, its size) before the preview and before anything is sent
 * (SPEC §5, issue 23). Shows a preview with the file name and a clear button.
 */
export function UploadDropzone({ file, onChange }: { file: File | null; onChange: (f: File | null) => void }) {
  const [dragging, setDragging] = useState(false);
  const photo = usePhotoFile(onChange);
  const preview = useObjectUrl(file);

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    void photo.take(e.dataTransfer.files[0]);
  }

  if (file && preview) {
    const chosen = chosenPhoto(file); // its name and size as chosen, not the JPEG sent for it
    return (
      <div className="flex flex-col items-center gap-4 rounded-xl border bg-card p-4 sm:flex-row sm:items-center">
        <img src={preview} alt={m.generator_uploaded_photo_alt()} className="size-40 rounded-lg object-cover sm:size-32" />
        <div className="min-w-0 flex-1 text-center sm:text-left">
          <p className="truncate font-medium" title={chosen.name}>
            {chosen.name}
          </p>
          <p className="text-sm text-muted-foreground">{m.generator_ready_to_generate({ size: megabytes(chosen.size) })}</p>
        </div>
        <Button
          variant="outline"
          onClick={() => {
            onChange(null);
            photo.clear();
          }}
        >
          <X aria-hidden="true" /> {m.generator_clear_photo()}
        </Button>
      </div>
    );
  }

  return (
    <div className="grid gap-2">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          if (!dragging) setDragging(true);
        }}
        onDragEnter={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
        data-dragging={dragging || undefined}
        className={cn(
          "flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed px-6 py-12 text-center transition-colors",
          dragging ? "border-primary bg-accent" : "border-input bg-muted/40 hover:bg-muted/70",
        )}
      >
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-background text-primary shadow-sm">
          <ImageUp className="size-6" aria-hidden="true" />
        </span>
        <div>
          <p className="font-medium">{dragging ? m.generator_drop_here() : m.generator_drag_here()}</p>
          <p className="text-sm text-muted-foreground">{m.generator_upload_hint({ mb: MAX_UPLOAD_MB })}</p>
        </div>
        <Button variant="outline" onClick={photo.choose} disabled={photo.checking}>
          {photo.checking ? m.generator_reading_photo() : m.generator_choose_photo()}
        </Button>
        <PhotoFileInput photo={photo} label={m.generator_upload_photo()} />
      </div>
      <PhotoProblem photo={photo} />
    </div>
  );
}
