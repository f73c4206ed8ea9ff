import { RotateCcw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { wrapping } from "@/components/ui/button-variants";
import { Card, CardContent } from "@/components/ui/card";
import { formatDate, getLocale, m } from "@/lib/copy";
import { styleName as styleWords } from "@/shared/words/style-words";
import type { CompletedHeadshot } from "@/shared/api/get-headshots";
import { ContentCredentialsLine } from "@/shared/downloads/content-credentials";
import { DownloadPanel } from "@/shared/downloads/download-panel";
import { LikenessLine } from "@/shared/likeness/likeness-line";
import { BeforeAfter } from "./before-after";
import { RatingForm } from "@/shared/rating/rating-form";
import { TeamPhotoButton } from "@/shared/team/team-photo-button";
import { useVersions } from "./api/versions";
import { CompareVersions, RefineControls, UseVersionButton, VersionStrip } from "./versions";

/**
 * A finished headshot (step 5): the comparison, its likeness, download, rating; and its versions (issue 36): the
 * strip, before/after between any two, "Use this version", refine in words and the free redo. `onOpen` opens a
 * version at its own URL (a new one as soon as it is started).
 */
export function ResultStep({
  headshot,
  onReset,
  onOpen,
}: {
  headshot: CompletedHeadshot;
  onReset: () => void;
  onOpen?: (id: string) => void;
}) {
  const styleName = styleWords(headshot.style);
  const { data: versions } = useVersions(headshot.id);
  const open = versions?.versions.find((v) => v.id === headshot.id);
  return (
    <div className="grid gap-8 xl:grid-cols-[minmax(0,26rem)_1fr]">
      <div className="grid content-start gap-4">
        {versions && open ? (
          <CompareVersions
            key={headshot.id}
            original={headshot.originalImageUrl}
            open={{ ...open, generatedImageUrl: headshot.generatedImageUrl }}
            versions={versions.versions}
            styleName={styleName}
          />
        ) : (
          <BeforeAfter
            before={headshot.originalImageUrl}
            after={headshot.generatedImageUrl}
            alt={m.generator_headshot_alt({ style: styleName })}
          />
        )}
        <p className="text-sm text-muted-foreground">
          {m.generator_style_and_date({ style: styleName, date: formatDate(headshot.createdAt, getLocale(), "medium") })}
          {open && versions && versions.versions.length > 1 && (
            <>
              {" "}
              · <span data-testid="open-version">{m.generator_version_n({ n: open.version })}</span>
              {open.instruction && <> · {m.generator_version_quoted({ instruction: open.instruction })}</>}
            </>
          )}
        </p>
        <LikenessLine headshot={headshot} />
        <ContentCredentialsLine />
        {versions && onOpen && <VersionStrip versions={versions} openId={headshot.id} onOpen={onOpen} />}
        {versions && open && <UseVersionButton version={open} versions={versions} />}
        <TeamPhotoButton headshotId={headshot.id} />
        <Button variant="outline" size="lg" className={wrapping.lg} onClick={onReset}>
          <RotateCcw aria-hidden="true" /> {m.generator_generate_another()}
        </Button>
      </div>
      <div className="grid content-start gap-8">
        <Card>
          <CardContent className="p-4 sm:p-6">
            <DownloadPanel headshot={headshot} imageUrl={headshot.generatedImageUrl} />
          </CardContent>
        </Card>
        {versions && open && onOpen && (
          <Card>
            <CardContent className="p-4 sm:p-6">
              <RefineControls version={open} versions={versions} onStarted={onOpen} />
            </CardContent>
          </Card>
        )}
        <Card>
          <CardContent className="p-4 sm:p-6">
            <RatingForm headshotId={headshot.id} />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
