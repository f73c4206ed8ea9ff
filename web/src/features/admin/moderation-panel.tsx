import { useState } from "react";
import { Check, Eye, Flag, ImageOff, Loader2, Trash2 } from "lucide-react";
import { errorText } from "@/api/client";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { FLAG_REASON_MAX, MODERATION_MOVES, STYLES, type ModerationStatus } from "@/lib/domain";
import { useApproveHeadshot } from "./api/approve-headshot";
import { useDeleteHeadshots } from "./api/delete-headshots";
import { useFlagHeadshot } from "./api/flag-headshot";
import { useModerationHeadshots, type ModerationHeadshot } from "./api/get-moderation-headshots";
import { formatDateTime } from "./format";
import { FilterSelect, Pager } from "./list-controls";
import { GenerationBadge, ModerationBadge } from "./status-badges";
import { toastError, toastOutcome } from "./toasts";
import { useSelection } from "./use-selection";

const ALL = "all";
const FILTER_LABELS: Record<ModerationStatus | typeof ALL, string> = {
  all: "All headshots",
  pending: "Pending",
  approved: "Approved",
  flagged: "Flagged",
  removed: "Removed",
};

function styleName(style: string) {
  return STYLES.find((s) => s.id === style)?.name ?? style;
}

/** Which moderation actions a card offers: the moves the lifecycle allows (docs/decisions/065-admin-web.md). */
export function moderationActions(status: ModerationHeadshot["moderationStatus"]) {
  const moves = MODERATION_MOVES[status] ?? MODERATION_MOVES.pending;
  return { approve: moves.includes("approved"), flag: moves.includes("flagged") };
}

/** SPEC §2 Moderation panel. */
export function ModerationPanel() {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<ModerationStatus | typeof ALL>(ALL);
  const { data, isLoading, isError, error, isPlaceholderData } = useModerationHeadshots({
    page,
    ...(filter === ALL ? {} : { moderationStatus: filter }),
  });
  const headshots = data?.items ?? [];
  const selection = useSelection(headshots.map((h) => h.id));
  const [details, setDetails] = useState<ModerationHeadshot | null>(null);
  const [flagging, setFlagging] = useState<ModerationHeadshot | null>(null);
  /** The batch delete asks first, like every other destructive action (issue 23). */
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  /** Another page or filter starts with nothing selected. */
  const goTo = (p: number) => {
    selection.clear();
    setPage(p);
  };
  const filterBy = (f: typeof filter) => {
    setFilter(f);
    goTo(1);
  };
  const approve = useApproveHeadshot();
  const remove = useDeleteHeadshots();

  const onApprove = (h: ModerationHeadshot) =>
    approve.mutate(
      h.id,
      toastOutcome({ title: "Headshot Approved", description: "The headshot has been approved." }, "Failed to approve headshot"),
    );

  const onDeleteSelected = () => {
    const ids = selection.selected;
    if (ids.length === 0) return; // SPEC §5: bulk delete does nothing if nothing is selected
    remove.mutate(ids, {
      onSuccess: () => {
        selection.clear();
        setConfirmingDelete(false);
        toast({ title: "Headshots Deleted", description: `${ids.length} headshots have been deleted.` });
      },
      onError: (err) => {
        setConfirmingDelete(false);
        toastError(err, "Failed to delete headshots");
      },
    });
  };
  const count = selection.selected.length;

  return (
    <Card>
      <CardHeader className="gap-3 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-6">
        <div className="grid gap-1.5">
          <CardTitle>Content Moderation</CardTitle>
          <CardDescription>Review and moderate generated headshots</CardDescription>
        </div>
        {selection.selected.length > 0 && (
          <Button variant="destructive" onClick={() => setConfirmingDelete(true)} disabled={remove.isPending} className="self-start">
            <Trash2 aria-hidden="true" /> Delete ({selection.selected.length})
          </Button>
        )}
        <ConfirmDialog
          open={confirmingDelete}
          onClose={() => setConfirmingDelete(false)}
          title={`Delete ${count === 1 ? "this headshot" : `these ${count} headshots`}?`}
          description="Their photos, results and downloads are deleted for good and their owners see that our moderators removed them; a free generation they cost is given back. This action cannot be undone."
          action={`Delete ${count === 1 ? "headshot" : `${count} headshots`}`}
          pendingAction="Deleting..."
          pending={remove.isPending}
          destructive
          onConfirm={onDeleteSelected}
        />
      </CardHeader>
      <CardContent className="grid gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        <div className="grid gap-1.5 sm:w-56">
          <Label htmlFor="moderation-filter">Show</Label>
          <FilterSelect id="moderation-filter" value={filter} labels={FILTER_LABELS} onChange={filterBy} />
        </div>
        {isLoading ? (
          <div className="flex items-center gap-3 py-10 text-sm text-muted-foreground" role="status">
            <Loader2 className="size-5 animate-spin text-primary" aria-hidden="true" /> Loading headshots...
          </div>
        ) : isError ? (
          <Alert variant="destructive">
            <AlertDescription>{errorText(error, "Failed to load headshots")}</AlertDescription>
          </Alert>
        ) : headshots.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted-foreground">{page > 1 ? "No more headshots" : "No headshots to review"}</p>
        ) : (
          <>
            <div className="flex items-center gap-2">
              <Checkbox
                id="moderation-select-all"
                checked={selection.allSelected}
                onCheckedChange={(c) => selection.selectAll(c === true)}
              />
              <Label htmlFor="moderation-select-all">Select All</Label>
            </div>
            <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3" aria-busy={isPlaceholderData}>
              {headshots.map((h) => (
                <ModerationCard
                  key={h.id}
                  headshot={h}
                  selected={selection.isSelected(h.id)}
                  onSelect={(on) => selection.toggle(h.id, on)}
                  onDetails={() => setDetails(h)}
                  onFlag={() => setFlagging(h)}
                  onApprove={() => onApprove(h)}
                  busy={approve.isPending}
                />
              ))}
            </ul>
          </>
        )}
        {(page > 1 || data?.hasMore) && <Pager label="Headshot pages" page={page} hasNext={!!data?.hasMore} onPage={goTo} />}
      </CardContent>
      <DetailsDialog headshot={details} onClose={() => setDetails(null)} />
      <FlagDialog headshot={flagging} onClose={() => setFlagging(null)} />
    </Card>
  );
}

function ModerationCard({
  headshot: h,
  selected,
  onSelect,
  onDetails,
  onFlag,
  onApprove,
  busy,
}: {
  headshot: ModerationHeadshot;
  selected: boolean;
  onSelect(on: boolean): void;
  onDetails(): void;
  onFlag(): void;
  onApprove(): void;
  busy: boolean;
}) {
  const name = styleName(h.style);
  const when = formatDateTime(h.createdAt);
  const actions = moderationActions(h.moderationStatus);
  const checkboxId = `moderation-${h.id}`;
  return (
    <li className="grid gap-3 rounded-lg border bg-card p-3" aria-label={`${name} headshot, ${when}`}>
      <div className="flex items-center gap-2">
        <Checkbox
          id={checkboxId}
          checked={selected}
          onCheckedChange={(c) => onSelect(c === true)}
          aria-label={`Select ${name} headshot from ${when}`}
        />
        <span className="min-w-0 flex-1 truncate font-medium">{name}</span>
      </div>
      <div className="flex flex-wrap gap-1.5">
        <GenerationBadge status={h.status} />
        <ModerationBadge status={h.moderationStatus} />
      </div>
      <div className="aspect-square overflow-hidden rounded-md bg-muted">
        {h.generatedImageUrl ? (
          <img src={h.generatedImageUrl} alt={`Generated ${name} headshot`} className="size-full object-cover" loading="lazy" />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-2 text-sm text-muted-foreground">
            <ImageOff aria-hidden="true" className="size-6" /> No generated image
          </div>
        )}
      </div>
      <div className="grid gap-0.5 text-xs text-muted-foreground">
        <time dateTime={h.createdAt}>{when}</time>
        <span className="truncate">{h.userEmail}</span>
        {h.flagReason && h.moderationStatus === "flagged" && <span className="line-clamp-2 text-destructive">Reason: {h.flagReason}</span>}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onDetails}>
          <Eye aria-hidden="true" /> Details
        </Button>
        {actions.approve && (
          <Button variant="outline" size="sm" onClick={onApprove} disabled={busy}>
            <Check aria-hidden="true" /> Approve
          </Button>
        )}
        {actions.flag && (
          <Button variant="outline" size="sm" onClick={onFlag}>
            <Flag aria-hidden="true" /> Flag
          </Button>
        )}
      </div>
    </li>
  );
}

function DetailsDialog({ headshot, onClose }: { headshot: ModerationHeadshot | null; onClose(): void }) {
  return (
    <Dialog open={headshot !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Headshot Details</DialogTitle>
          <DialogDescription>Review the original and generated images</DialogDescription>
        </DialogHeader>
        {headshot && (
          <div className="grid gap-4 sm:grid-cols-2">
            <DetailImage caption="Original" url={headshot.originalImageUrl} alt="Original photo" missing="No original image" />
            <DetailImage caption="Generated" url={headshot.generatedImageUrl} alt="Generated headshot" missing="No generated image" />
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm sm:col-span-2">
              <dt className="text-muted-foreground">Owner</dt>
              <dd className="break-all">{headshot.userEmail}</dd>
              <dt className="text-muted-foreground">Created</dt>
              <dd>{formatDateTime(headshot.createdAt)}</dd>
              <dt className="text-muted-foreground">Status</dt>
              <dd className="flex flex-wrap gap-1.5">
                <GenerationBadge status={headshot.status} />
                <ModerationBadge status={headshot.moderationStatus} />
              </dd>
              {headshot.flagReason && (
                <>
                  <dt className="text-muted-foreground">Flag reason</dt>
                  <dd className="break-words">{headshot.flagReason}</dd>
                </>
              )}
            </dl>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function FlagDialog({ headshot, onClose }: { headshot: ModerationHeadshot | null; onClose(): void }) {
  const [reason, setReason] = useState("");
  const flag = useFlagHeadshot();
  const close = () => {
    setReason("");
    onClose();
  };
  const submit = () => {
    if (!headshot) return; // SPEC §5: flag does nothing if no headshot is chosen
    flag.mutate(
      { id: headshot.id, reason },
      {
        onSuccess: () => {
          close(); // SPEC §4: on success the dialog closes and the reason clears
          toast({ title: "Headshot Flagged", description: "The headshot has been flagged for review." });
        },
        onError: (err) => toastError(err, "Failed to flag headshot"),
      },
    );
  };
  return (
    <Dialog open={headshot !== null} onOpenChange={(o) => !o && close()}>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <DialogHeader>
            <DialogTitle>Flag Headshot</DialogTitle>
            <DialogDescription>Provide a reason for flagging this headshot for review.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="flag-reason">Reason</Label>
            <Textarea
              id="flag-reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              placeholder="Describe why this headshot should be flagged..."
              maxLength={FLAG_REASON_MAX}
              required
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={flag.isPending || reason.trim() === ""}>
              Flag Headshot
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** One side of the details dialog: the image, or what to say when there is none. */
function DetailImage({ caption, url, alt, missing }: { caption: string; url: string | null; alt: string; missing: string }) {
  return (
    <figure className="grid gap-2">
      <figcaption className="text-sm font-medium">{caption}</figcaption>
      {url ? (
        <img src={url} alt={alt} className="aspect-square w-full rounded-md bg-muted object-cover" />
      ) : (
        <div className="flex aspect-square w-full items-center justify-center rounded-md bg-muted text-sm text-muted-foreground">
          {missing}
        </div>
      )}
    </figure>
  );
}
