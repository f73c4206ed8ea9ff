import { styleById, type Gender, type StyleId } from "../../../../domain/styles";
import { exampleSlot } from "../../../../domain/ratings";
import { clsx as cn } from "clsx";
import { m } from "@/lib/copy";

/** Pixel size of the example pictures web/build/prerender.ts renders (WebP, 2x for a 160×192 slot). */
export const EXAMPLE_WIDTH = 320;
export const EXAMPLE_HEIGHT = 384;

export const exampleSrc = (styleId: StyleId, gender: Gender) => `/examples/${styleById(styleId)!.slug}-${gender}.webp`;

/**
 * A style's example picture: a small WebP made at build time from the style's illustration. On the landing
 * the worker swaps it for the real result the operator chose for this style and gender, if any
 * (`data-example`, worker/landing/serve.ts, decision 252).
 */
export function StyleExample({
  styleId,
  gender,
  className,
  eager = false,
  alt,
}: {
  styleId: StyleId;
  gender: Gender;
  className?: string;
  eager?: boolean;
  alt?: string;
}) {
  return (
    <img
      src={exampleSrc(styleId, gender)}
      data-example={exampleSlot(styleId, gender)}
      width={EXAMPLE_WIDTH}
      height={EXAMPLE_HEIGHT}
      alt={alt ?? (gender === "woman" ? m.public_style_example_woman : m.public_style_example_man)({ style: styleById(styleId)!.name })}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className={cn("h-auto w-full bg-muted object-cover", className)}
    />
  );
}
