import type { Gender, StyleId } from "../../lib/domain";
import { cn } from "../../lib/utils";
import { PortraitSvg } from "./portrait";
import { GENDER_PHOTOS, STYLE_PHOTOS } from "./photos";
import { GENDER_ART, STYLE_ART } from "./styles";

/** The example picture for a style (photo if registered, else the illustration). Decorative by default. */
export function StyleImage({
  styleId,
  gender = "man",
  className,
  alt,
}: {
  styleId: StyleId;
  gender?: Gender;
  className?: string;
  alt?: string;
}) {
  const photo = STYLE_PHOTOS[styleId]?.[gender];
  if (photo) return <img src={photo} alt={alt ?? ""} className={cn("object-cover", className)} loading="lazy" />;
  return <PortraitSvg spec={STYLE_ART[styleId]} gender={gender} title={alt} className={className} />;
}

export function GenderImage({ gender, className, alt }: { gender: Gender; className?: string; alt?: string }) {
  const photo = GENDER_PHOTOS[gender];
  if (photo) return <img src={photo} alt={alt ?? ""} className={cn("object-cover", className)} loading="lazy" />;
  return <PortraitSvg spec={GENDER_ART} gender={gender} title={alt} className={className} />;
}
