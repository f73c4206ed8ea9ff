import { AlertCircle, Download, Images, Loader2 } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { styleById, type ApiHeadshot } from "@/lib/domain";
import { useIsSubscriber } from "@/shared/api/get-subscription";
import { defaultOptions } from "@/shared/downloads/options";
import { useDownloadHeadshot } from "@/shared/downloads/use-download";
import { useHeadshots, type CompletedHeadshot } from "@/shared/api/get-headshots";

function formatDate(iso: string) {
  return new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
}

function GalleryCard({ headshot, onOpen }: { headshot: ApiHeadshot; onOpen: (h: CompletedHeadshot) => void }) {
  const isSubscriber = useIsSubscriber();
  const { download, busy } = useDownloadHeadshot();
  const styleName = styleById(headshot.style)?.name ?? headshot.style;
  const ready = headshot.status === "completed" && headshot.generatedImageUrl;
  const date = formatDate(headshot.createdAt);

  return (
    <li className="group relative overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow hover:shadow-md">
      {ready ? (
        <button
          type="button"
          onClick={() => onOpen({ ...headshot, generatedImageUrl: headshot.generatedImageUrl! })}
          className="block w-full text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
          aria-label={`Open ${styleName} headshot from ${date}`}
        >
          <img src={headshot.generatedImageUrl!} alt="" className="aspect-square w-full object-cover" loading="lazy" />
        </button>
      ) : (
        // The list holds generated and generating headshots only (the worker filters): this one is generating.
        <div className="relative aspect-square w-full bg-muted">
          <img src={headshot.originalImageUrl} alt="" className="size-full object-cover opacity-40 grayscale" loading="lazy" />
          <span className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-sm font-medium text-muted-foreground">
            <Loader2 className="size-6 animate-spin" aria-hidden="true" /> Processing
          </span>
        </div>
      )}
      <div className="grid gap-0.5 p-2.5 sm:p-3">
        <p className="text-sm font-semibold leading-snug">{styleName}</p>
        <p className="whitespace-nowrap text-xs text-muted-foreground">
          <time dateTime={headshot.createdAt}>{date}</time>
        </p>
      </div>
      {ready && (
        <Button
          size="icon"
          variant="secondary"
          disabled={busy}
          onClick={() => void download(headshot, defaultOptions(isSubscriber))}
          aria-label={`Download ${styleName} headshot`}
          className="absolute right-2 top-2 bg-background/90 opacity-0 shadow-md backdrop-blur transition-opacity group-hover:opacity-100 focus-visible:opacity-100 [@media(hover:none)]:opacity-100"
        >
          <Download aria-hidden="true" />
        </Button>
      )}
    </li>
  );
}

/** My Gallery: newest first, style and date, click opens the result view, hover offers download. */
export function Gallery({ onOpen, onCreate }: { onOpen: (h: CompletedHeadshot) => void; onCreate: () => void }) {
  const { data, isLoading, isError, error, refetch } = useHeadshots();
  return (
    <section aria-labelledby="gallery-heading" className="grid gap-6">
      <div>
        <h2 id="gallery-heading" className="text-2xl font-bold tracking-tight">
          My Gallery
        </h2>
        <p className="text-muted-foreground">Every headshot you've generated, newest first.</p>
      </div>
      {isLoading ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading headshots" />
        </div>
      ) : isError ? (
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertTitle>Couldn't load your headshots</AlertTitle>
          <AlertDescription className="flex flex-wrap items-center gap-3">
            {error instanceof Error ? error.message : "Please try again."}
            <Button size="sm" variant="outline" onClick={() => void refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : !data || data.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-accent text-primary">
            <Images className="size-6" aria-hidden="true" />
          </span>
          <p className="font-semibold">No headshots yet</p>
          <p className="max-w-sm text-sm text-muted-foreground">Generate your first professional headshot — it takes about 15 seconds.</p>
          <Button onClick={onCreate}>Generate New</Button>
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4">
          {data.map((h) => (
            <GalleryCard key={h.id} headshot={h} onOpen={onOpen} />
          ))}
        </ul>
      )}
    </section>
  );
}
