import { EyeOff, ImagePlus } from "lucide-react";
import { errorText } from "@/api/client";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LANDING_PICTURES, slotLabel } from "@/lib/domain";
import { useSetPicture, useSetPictureSlot, usePictures } from "./api/pictures";
import { formatDateTime } from "./format";
import { homePage, toastOutcome } from "./toasts";

const CHANGED = {
  feature: { title: "Picture Featured", description: homePage.on },
  unfeature: { title: "Picture Taken Off", description: homePage.off },
};

/**
 * Results whose owners agreed (in their rating) that the headshot and the photo it was made from may be
 * shown on the website: the operator features some in the home page's "Real results" (the newest
 * LANDING_PICTURES featured) or takes them off (decision 183). An owner who withdraws consent takes theirs
 * off at once.
 */
export function PicturesPanel() {
  const { data, isLoading, isError, error } = usePictures();
  const change = useSetPicture();
  const place = useSetPictureSlot();
  const items = data ?? [];
  const putIn = (id: string, slot: string | null) =>
    place.mutate(
      { id, slot },
      toastOutcome(
        slot
          ? { title: "Picture Placed", description: `It is now the home page's ${slotLabel(slot)}.` }
          : { title: "Picture Taken Out", description: "Its place on the home page shows the illustration again." },
        "Failed to place the picture",
      ),
    );
  const act = (id: string, to: keyof typeof CHANGED) =>
    change.mutate({ id, to }, toastOutcome(CHANGED[to], "Failed to update the picture"));

  return (
    <Card>
      <CardHeader>
        <CardTitle>Real results</CardTitle>
        <CardDescription>
          Headshots their owners agreed to show, with the photo each was made from. The home page shows the {LANDING_PICTURES} featured most
          recently. A picture can also take a place of its own: its style&apos;s example (instead of the illustration) or the before and
          after.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isLoading && <p className="text-sm text-muted-foreground">Loading pictures…</p>}
        {isError && <p className="text-sm text-destructive">{errorText(error, "Failed to load pictures.")}</p>}
        {!isLoading && !isError && items.length === 0 && (
          <p className="text-sm text-muted-foreground">Nobody has agreed to show theirs yet.</p>
        )}
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((p) => (
            <li key={p.headshotId} className="grid gap-3 rounded-lg border p-3">
              <div className="grid grid-cols-2 gap-2">
                <img
                  src={p.originalImageUrl}
                  alt={`The photo the ${p.style} headshot was made from`}
                  className="aspect-square rounded object-cover"
                />
                <img src={p.generatedImageUrl} alt={`The ${p.style} headshot`} className="aspect-square rounded object-cover" />
              </div>
              <p className="flex items-center gap-2 text-sm">
                <span className="font-medium">{p.style}</span>
                {p.featured && <Badge>On the home page</Badge>}
              </p>
              <p className="text-xs text-muted-foreground">
                {p.email} · {p.stars} of 5 stars · {formatDateTime(p.createdAt)}
              </p>
              <label className="grid gap-1 text-sm">
                <span className="font-medium">Place on the home page</span>
                <select
                  className="h-9 rounded-md border bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  value={p.exampleSlot ?? ""}
                  disabled={place.isPending}
                  onChange={(e) => putIn(p.headshotId, e.target.value || null)}
                >
                  <option value="">No place</option>
                  {p.slots.map((slot) => (
                    <option key={slot} value={slot}>
                      {slotLabel(slot)}
                    </option>
                  ))}
                </select>
              </label>
              {p.featured ? (
                <Button size="sm" variant="outline" disabled={change.isPending} onClick={() => act(p.headshotId, "unfeature")}>
                  <EyeOff aria-hidden="true" /> Take off the home page
                </Button>
              ) : (
                <Button size="sm" disabled={change.isPending} onClick={() => act(p.headshotId, "feature")}>
                  <ImagePlus aria-hidden="true" /> Show on the home page
                </Button>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
