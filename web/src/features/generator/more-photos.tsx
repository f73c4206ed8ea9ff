import { ImagePlus, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { PhotoCheck } from "@/shared/photo-check/photo-check";
import { SHOOT_MAX_PHOTOS } from "@/lib/domain";
import { m } from "@/lib/copy";
import { chosenPhoto } from "./photo-content";
import { PhotoFileInput, PhotoProblem, useObjectUrl, usePhotoFile } from "./photo-file";

/** One further photo: its thumbnail, and its own photo check against the first photo (issue 35). */
function Extra({ file, first, n, onRemove }: { file: File; first: File; n: number; onRemove: () => void }) {
  const url = useObjectUrl(file);
  const name = chosenPhoto(file).name; // as chosen (coffee.png), not the JPEG sent for it (issue 46)
  return (
    <li className="flex items-start gap-3">
      <div className="relative shrink-0">
        {url && <img src={url} alt={m.generator_extra_photo_alt({ name })} className="size-20 rounded-lg object-cover" />}
        <Button
          variant="secondary"
          size="icon"
          className="absolute -right-2 -top-2 size-6 rounded-full"
          onClick={onRemove}
          aria-label={m.generator_remove_file({ name })}
        >
          <X className="size-3" aria-hidden="true" />
        </Button>
      </div>
      <div className="min-w-0 flex-1">
        <PhotoCheck file={file} sameAs={first} label={m.generator_photo_check_of({ n })} />
      </div>
    </li>
  );
}

/**
 * Step 3's further photos of the same person (issue 24): up to SHOOT_MAX_PHOTOS in all, each checked like
 * the first (its content, then the photo check), and compared with the first: a different face is flagged
 * (issue 35). The model is told they show one person; more angles help it keep the likeness.
 */
export function MorePhotos({ first, files, onChange }: { first: File; files: File[]; onChange: (files: File[]) => void }) {
  const photo = usePhotoFile((f) => onChange([...files, f]));
  const room = SHOOT_MAX_PHOTOS - 1 - files.length;

  return (
    <div className="grid gap-2 rounded-xl border bg-card p-4">
      <p className="text-sm font-medium">{m.generator_more_photos_title({ max: SHOOT_MAX_PHOTOS })}</p>
      <p className="text-xs text-muted-foreground">{m.generator_more_photos_text()}</p>
      <ul className="grid gap-3">
        {files.map((f, i) => (
          <Extra key={`${f.name}-${i}`} file={f} first={first} n={i + 2} onRemove={() => onChange(files.filter((_, j) => j !== i))} />
        ))}
      </ul>
      {room > 0 && (
        <div>
          <Button variant="outline" size="sm" onClick={photo.choose}>
            <ImagePlus aria-hidden="true" /> {m.generator_add_another_photo()}
          </Button>
          <PhotoFileInput photo={photo} label={m.generator_add_another_photo()} />
        </div>
      )}
      <PhotoProblem photo={photo} />
    </div>
  );
}
