import { useState, type ReactNode } from "react";
import { AlertCircle, Ban, Download, Images, Loader2, RotateCcw, Trash2 } from "lucide-react";
import { errorText } from "@/api/client";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { ESTIMATED_SECONDS, type ApiHeadshot } from "@/lib/domain";
import { formatDate as formatIn, getLocale, m } from "@/lib/copy";
import { styleName as styleWords } from "@/shared/words/style-words";
import { useIsSubscriber } from "@/shared/api/get-subscription";
import { defaultOptions } from "@/shared/downloads/options";
import { useDownloadHeadshot } from "@/shared/downloads/use-download";
import { asCompleted, useHeadshots } from "@/shared/api/get-headshots";
import { useHeadingFocus } from "@/lib/use-heading-focus";
import { LikenessNote } from "@/shared/likeness/likeness-line";
import { useDeleteHeadshot } from "./api/delete-headshot";
import { ZipDownloadButton } from "@/shared/downloads/zip-download";

const formatDate = (iso: string) => formatIn(iso, getLocale(), "medium");

interface CardActions {
  onOpen: (h: ApiHeadshot) => void;
  onTryAgain: (h: ApiHeadshot) => void;
  onDelete: (h: ApiHeadshot) => void;
}

/** The picture area of a card: the result to open, or what stands in for it (generating, failed, removed). */
function CardPicture({
  headshot,
  styleName,
  date,
  onOpen,
}: {
  headshot: ApiHeadshot;
  styleName: string;
  date: string;
  onOpen: () => void;
}) {
  const completed = asCompleted(headshot);
  if (completed) {
    return (
      <button
        type="button"
        onClick={onOpen}
        className="block w-full text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
        aria-label={m.gallery_open_headshot({ style: styleName, date })}
      >
        <img src={completed.generatedImageUrl} alt="" className="aspect-square w-full object-cover" loading="lazy" />
      </button>
    );
  }
  if (headshot.unavailable) {
    return (
      <div className="flex aspect-square w-full flex-col items-center justify-center gap-2 bg-muted p-3 text-center text-xs text-muted-foreground">
        <Ban className="size-6" aria-hidden="true" />
        <span className="font-medium text-foreground">{m.gallery_no_longer_available()}</span>
      </div>
    );
  }
  const failed = headshot.status === "failed";
  return (
    <button
      type="button"
      onClick={onOpen}
      className="relative block aspect-square w-full bg-muted text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
      aria-label={
        failed ? m.gallery_failed_headshot({ style: styleName, date }) : m.gallery_generating_headshot({ style: styleName, date })
      }
    >
      {headshot.originalImageUrl && (
        <img src={headshot.originalImageUrl} alt="" className="size-full object-cover opacity-40 grayscale" loading="lazy" />
      )}
      <span className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-sm font-medium text-muted-foreground">
        {failed ? (
          <>
            <AlertCircle className="size-6 text-destructive" aria-hidden="true" />{" "}
            <span className="text-destructive">{m.gallery_generation_failed()}</span>
          </>
        ) : (
          <>
            <Loader2 className="size-6 animate-spin" aria-hidden="true" /> {m.gallery_processing()}
          </>
        )}
      </span>
    </button>
  );
}

function GalleryCard({
  headshot,
  actions,
  selection,
}: {
  headshot: ApiHeadshot;
  actions: CardActions;
  /** Ticking finished pictures for one ZIP (issue 24). */
  selection: { selected: boolean; toggle: () => void };
}) {
  const isSubscriber = useIsSubscriber();
  const { download, busy } = useDownloadHeadshot();
  const styleName = styleWords(headshot.style);
  const ready = asCompleted(headshot) !== null;
  const failed = headshot.status === "failed" && !headshot.unavailable;
  const date = formatDate(headshot.createdAt);
  const deletable = headshot.status !== "processing" && !headshot.unavailable;

  return (
    <li className="group relative flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow hover:shadow-md">
      <CardPicture headshot={headshot} styleName={styleName} date={date} onOpen={() => actions.onOpen(headshot)} />
      <div className="grid flex-1 content-start gap-1 p-2.5 sm:p-3">
        <p className="text-sm font-semibold leading-snug">
          {styleName}
          {(headshot.versions ?? 1) > 1 && (
            <span
              className="ml-1.5 rounded-full bg-muted px-1.5 py-0.5 text-xs font-medium text-muted-foreground"
              data-testid="gallery-version"
            >
              {m.gallery_version_of({ version: headshot.version, versions: headshot.versions ?? 1 })}
            </span>
          )}
        </p>
        <p className="whitespace-nowrap text-xs text-muted-foreground">
          <time dateTime={headshot.createdAt}>{date}</time>
        </p>
        {ready && <LikenessNote likeness={headshot.likeness} />}
        {failed && <p className="text-xs text-muted-foreground">{headshot.error || m.gallery_generation_failed()}</p>}
        {headshot.unavailable && <p className="text-xs text-muted-foreground">{headshot.unavailable}</p>}
        {(failed || headshot.unavailable) && headshot.refunded && (
          <p className="text-xs text-muted-foreground">{m.gallery_generation_refunded()}</p>
        )}
        {failed && (
          <Button size="sm" variant="outline" className="mt-1 w-full" onClick={() => actions.onTryAgain(headshot)}>
            <RotateCcw aria-hidden="true" /> {m.gallery_try_again()}
          </Button>
        )}
      </div>
      {ready && (
        <label className="absolute left-2 top-2 inline-flex items-center rounded-md bg-background/90 p-1.5 shadow-md backdrop-blur">
          <input
            type="checkbox"
            checked={selection.selected}
            onChange={selection.toggle}
            aria-label={m.gallery_select_headshot({ style: styleName, date })}
            className="size-4 accent-primary"
          />
        </label>
      )}
      <div className="absolute right-2 top-2 flex gap-1.5">
        {ready && (
          <Button
            size="icon"
            variant="secondary"
            disabled={busy}
            onClick={() => void download(headshot, defaultOptions(isSubscriber))}
            aria-label={m.gallery_download_headshot({ style: styleName })}
            className="bg-background/90 opacity-0 shadow-md backdrop-blur transition-opacity group-hover:opacity-100 focus-visible:opacity-100 [@media(hover:none)]:opacity-100"
          >
            <Download aria-hidden="true" />
          </Button>
        )}
        {deletable && (
          <Button
            size="icon"
            variant="secondary"
            onClick={() => actions.onDelete(headshot)}
            aria-label={m.gallery_delete_headshot_label({ style: styleName, date })}
            className="bg-background/90 opacity-0 shadow-md backdrop-blur transition-opacity group-hover:opacity-100 focus-visible:opacity-100 [@media(hover:none)]:opacity-100"
          >
            <Trash2 aria-hidden="true" />
          </Button>
        )}
      </div>
    </li>
  );
}

/** Newest first, a shoot's pictures together (they are made at the same moment; issue 24). */
function groupShoots(list: ApiHeadshot[]): { shootId: string | null; headshots: ApiHeadshot[] }[] {
  const groups: { shootId: string | null; headshots: ApiHeadshot[] }[] = [];
  const byShoot = new Map<string, ApiHeadshot[]>();
  for (const h of list) {
    if (!h.shootId) {
      groups.push({ shootId: null, headshots: [h] });
      continue;
    }
    const existing = byShoot.get(h.shootId);
    if (existing) existing.push(h);
    else {
      const members = [h];
      byShoot.set(h.shootId, members);
      groups.push({ shootId: h.shootId, headshots: members });
    }
  }
  return groups;
}

/** "Shoot · 3 pictures · 5 Dec 2026", its date a <time> (the words around it differ by language). */
function shootHeading(count: number, createdAt: string): ReactNode {
  const date = formatDate(createdAt);
  const [before, after = ""] = m.gallery_shoot_heading({ count, date }).split(date);
  return (
    <>
      {before}
      <time dateTime={createdAt}>{date}</time>
      {after}
    </>
  );
}

/** A shoot in the gallery: its pictures side by side under one heading, with its ZIP; each still opens alone. */
function ShootGroup({ shootId, headshots, card }: { shootId: string; headshots: ApiHeadshot[]; card: (h: ApiHeadshot) => ReactNode }) {
  const ready = headshots.flatMap((h) => {
    const c = asCompleted(h);
    return c ? [c] : [];
  });
  return (
    <li className="col-span-full grid gap-3 rounded-xl border border-dashed p-3" data-testid="gallery-shoot">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold">{shootHeading(headshots.length, headshots[0]!.createdAt)}</p>
        {ready[0] && <ZipDownloadButton target={{ shootId }} sample={ready[0]} count={ready.length} variant="outline" />}
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4">{headshots.map(card)}</ul>
    </li>
  );
}

/** "Delete this headshot?": the original photo, the headshot and every prepared download go for good. */
function DeleteDialog({ headshot, onClose }: { headshot: ApiHeadshot | null; onClose: () => void }) {
  const del = useDeleteHeadshot();
  const styleName = headshot ? styleWords(headshot.style) : "";
  const date = headshot ? formatDate(headshot.createdAt) : "";
  const versions = headshot?.versions ?? 1;
  return (
    <ConfirmDialog
      open={headshot !== null}
      onClose={onClose}
      title={m.gallery_delete_title()}
      description={
        versions > 1
          ? m.gallery_delete_description_versions({ style: styleName, date, versions })
          : m.gallery_delete_description({ style: styleName, date })
      }
      action={m.gallery_delete_action()}
      pendingAction={m.gallery_deleting()}
      pending={del.isPending}
      destructive
      onConfirm={() => {
        if (!headshot) return;
        // the whole headshot: its first version, and every later one with it (issue 36)
        del.mutate(headshot.versionOf ?? headshot.id, {
          onSuccess: () => {
            toast({ title: m.gallery_deleted_title(), description: m.gallery_deleted_text() });
            onClose();
          },
          onError: (err) =>
            toast({
              variant: "destructive",
              title: m.gallery_delete_failed(),
              description: errorText(err, m.gallery_please_try_again()),
            }),
        });
      }}
    />
  );
}

/**
 * My Gallery: newest first, style and date; a result opens its own view, hover offers download; a
 * failed generation says why with "Try again"; one removed by moderation (or expired) says why; any
 * finished one can be deleted, after a confirmation.
 */
export function Gallery({
  onOpen,
  onTryAgain,
  onCreate,
}: {
  onOpen: (h: ApiHeadshot) => void;
  onTryAgain: (h: ApiHeadshot) => void;
  onCreate: () => void;
}) {
  const { data, isLoading, isError, error, refetch } = useHeadshots();
  const [deleting, setDeleting] = useState<ApiHeadshot | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const chosen = (data ?? []).flatMap((h) => {
    const c = selected.has(h.id) ? asCompleted(h) : null;
    return c ? [c] : [];
  });
  const card = (h: ApiHeadshot) => (
    <GalleryCard
      key={h.id}
      headshot={h}
      actions={{ onOpen, onTryAgain, onDelete: setDeleting }}
      selection={{ selected: selected.has(h.id), toggle: () => toggle(h.id) }}
    />
  );
  const heading = useHeadingFocus("gallery");
  return (
    <section aria-labelledby="gallery-heading" className="grid gap-6">
      <div>
        <h2
          id="gallery-heading"
          ref={heading}
          tabIndex={-1}
          className="rounded-sm text-2xl font-bold tracking-tight focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {m.gallery_title()}
        </h2>
        <p className="text-muted-foreground">{m.gallery_intro()}</p>
      </div>
      {isLoading ? (
        <div className="flex justify-center py-16">
          <Spinner label={m.gallery_loading()} />
        </div>
      ) : isError ? (
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertTitle>{m.gallery_load_failed()}</AlertTitle>
          <AlertDescription className="flex flex-wrap items-center gap-3">
            {errorText(error, m.gallery_please_try_again())}
            <Button size="sm" variant="outline" onClick={() => void refetch()}>
              {m.gallery_try_again()}
            </Button>
          </AlertDescription>
        </Alert>
      ) : !data || data.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-accent text-primary">
            <Images className="size-6" aria-hidden="true" />
          </span>
          <p className="font-semibold">{m.gallery_empty_title()}</p>
          <p className="max-w-sm text-sm text-muted-foreground">{m.gallery_empty_text({ seconds: ESTIMATED_SECONDS })}</p>
          <Button onClick={onCreate}>{m.gallery_generate_new()}</Button>
        </div>
      ) : (
        <>
          {chosen.length > 0 && chosen[0] && (
            <div
              className="sticky top-2 z-10 flex flex-wrap items-center gap-3 rounded-xl border bg-card p-3 shadow-md"
              data-testid="gallery-selection"
            >
              <span className="text-sm font-medium">{m.gallery_selected({ count: chosen.length })}</span>
              <ZipDownloadButton
                target={{ ids: chosen.map((h) => h.id) }}
                sample={chosen[0]}
                count={chosen.length}
                label={m.gallery_download_selected()}
              />
              <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
                {m.gallery_clear_selection()}
              </Button>
            </div>
          )}
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4">
            {groupShoots(data).map((group) =>
              group.shootId === null ? (
                card(group.headshots[0]!)
              ) : (
                <ShootGroup key={group.shootId} shootId={group.shootId} headshots={group.headshots} card={card} />
              ),
            )}
          </ul>
        </>
      )}
      <DeleteDialog headshot={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
