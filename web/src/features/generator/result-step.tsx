import { RotateCcw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { styleById } from "@/lib/domain";
import type { CompletedHeadshot } from "@/shared/api/get-headshots";
import { DownloadPanel } from "@/shared/downloads/download-panel";
import { LikenessLine } from "@/shared/likeness/likeness-line";
import { BeforeAfter } from "./before-after";
import { RatingForm } from "@/shared/rating/rating-form";
import { TeamPhotoButton } from "@/shared/team/team-photo-button";

export function ResultStep({ headshot, onReset }: { headshot: CompletedHeadshot; onReset: () => void }) {
  const styleName = styleById(headshot.style)?.name ?? headshot.style;
  return (
    <div className="grid gap-8 xl:grid-cols-[minmax(0,26rem)_1fr]">
      <div className="grid content-start gap-4">
        <BeforeAfter before={headshot.originalImageUrl} after={headshot.generatedImageUrl} alt={`Your ${styleName} headshot`} />
        <p className="text-sm text-muted-foreground">
          {styleName} · {new Date(headshot.createdAt).toLocaleDateString(undefined, { dateStyle: "medium" })}
        </p>
        <LikenessLine headshot={headshot} />
        <TeamPhotoButton headshotId={headshot.id} />
        <Button variant="outline" size="lg" onClick={onReset}>
          <RotateCcw aria-hidden="true" /> Generate Another Headshot
        </Button>
      </div>
      <div className="grid content-start gap-8">
        <Card>
          <CardContent className="p-4 sm:p-6">
            <DownloadPanel headshot={headshot} imageUrl={headshot.generatedImageUrl} />
          </CardContent>
        </Card>
        <Card>
          <CardContent className="p-4 sm:p-6">
            <RatingForm headshotId={headshot.id} />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
