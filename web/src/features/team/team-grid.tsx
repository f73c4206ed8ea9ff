/**
 * The owner's team grid: every member's chosen photo (never an original, never an unchosen picture),
 * and all of them as one ZIP in one choice of size and format, each file named after its member.
 */
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ZipDownloadButton } from "@/shared/downloads/zip-download";
import { useTeamGrid } from "./api/get-team-grid";
import { TemplateDownloadButton } from "./template-download";
import { m } from "@/lib/copy";

export function TeamGrid({ template }: { template: boolean }) {
  const { data, isLoading } = useTeamGrid(true);
  const photos = data?.photos ?? [];
  const first = photos[0];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.team_photos_title()}</CardTitle>
        <CardDescription>{m.team_photos_description()}</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? null : photos.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.team_photos_none()}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-label={m.team_photos_title()}>
            {photos.map((p) => (
              <li key={p.userId} className="grid gap-1">
                <img
                  src={p.imageUrl}
                  alt={m.team_photo_alt({ name: p.name })}
                  className="aspect-square w-full rounded-md border object-cover"
                  loading="lazy"
                />
                <span className="text-sm font-medium">{p.name}</span>
              </li>
            ))}
          </ul>
        )}
        {first && (
          <div className="mt-4 flex flex-wrap gap-3">
            <ZipDownloadButton
              target={{ team: true }}
              sample={{ id: first.headshotId, style: first.style, generatedImageUrl: first.imageUrl }}
              count={photos.length}
              label={m.team_download_zip()}
            />
            {template && <TemplateDownloadButton target={{ team: true }} label={m.team_download_templates()} />}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
