import { WEB_LONG_SIDE, type DownloadOptions } from "@/lib/domain";

import { m } from "@/lib/copy";
import { cn } from "@/lib/utils";
import { outputSize } from "./options";
import { adjustTransform } from "./download-adjust";

/**
 * A live approximation of the file the server will make: the preset's aspect ratio, banners with the
 * portrait at the right over its own (blurred) backdrop, and the round mask (a circle on a square, a stadium
 * on a banner) with transparent corners.
 */
export function DownloadPreview({ src, options, className }: { src: string; options: DownloadOptions; className?: string }) {
  const size = outputSize(options);
  const ratio = size ? size.width / size.height : 1;
  const banner = ratio > 1.2;
  const round = options.shape === "round";
  return (
    <figure className={cn("grid gap-2", className)}>
      <div
        className="flex items-center justify-center rounded-lg border bg-[length:16px_16px] p-3"
        style={{
          backgroundImage:
            "linear-gradient(45deg,#e5e7eb 25%,transparent 25%),linear-gradient(-45deg,#e5e7eb 25%,transparent 25%),linear-gradient(45deg,transparent 75%,#e5e7eb 75%),linear-gradient(-45deg,transparent 75%,#e5e7eb 75%)",
          backgroundPosition: "0 0,0 8px,8px -8px,-8px 0",
        }}
      >
        <div
          data-testid="download-preview"
          className="relative w-full max-w-xs overflow-hidden"
          style={{
            aspectRatio: `${ratio}`,
            maxWidth: banner ? "100%" : undefined,
            borderRadius: round ? "9999px" : undefined, // circle when square, stadium when wider (as the worker masks)
          }}
        >
          {banner ? (
            <>
              <img src={src} alt="" aria-hidden="true" className="absolute inset-0 size-full scale-125 object-cover blur-md" />
              <img
                src={src}
                alt=""
                aria-hidden="true"
                className="absolute right-[6%] top-0 h-full w-auto object-cover"
                style={{ aspectRatio: "1" }}
              />
            </>
          ) : (
            <img
              src={src}
              alt=""
              aria-hidden="true"
              className="absolute inset-0 size-full object-cover"
              style={{ transform: adjustTransform(options.adjust) }}
            />
          )}
        </div>
      </div>
      <figcaption className="text-center text-xs text-muted-foreground">
        {size
          ? m.generator_preview_size({ width: size.width, height: size.height })
          : options.resolution === "web"
            ? m.generator_preview_web({ px: WEB_LONG_SIDE })
            : m.generator_preview_full()}{" "}
        · {options.shape === "round" ? m.generator_preview_round() : m.generator_preview_square()} · {options.fileFormat.toUpperCase()}
        {options.dpi ? ` · ${m.generator_preview_dpi({ dpi: options.dpi })}` : ""}
      </figcaption>
    </figure>
  );
}
