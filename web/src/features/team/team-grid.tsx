/**
 * The owner's team grid: every member's chosen photo (never an original, never an unchosen picture),
 * and all of them as one ZIP in one choice of size and format, each file named after its member.
 */
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ZipDownloadButton } from "@/shared/downloads/zip-download";
import { useTeamGrid } from "./api/get-team-grid";
import { TemplateDownloadButton } from "./template-download";

export function TeamGrid({ template }: { template: boolean }) {
  const { data, isLoading } = useTeamGrid(true);
  const photos = data?.photos ?? [];
  const first = photos[0];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Team photos</CardTitle>
        <CardDescription>
          Each member's chosen team photo. Download them all as one ZIP, every file in the same size and format.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? null : photos.length === 0 ? (
          <p className="text-sm text-muted-foreground">No team photos chosen yet.</p>
        ) : (
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-label="Team photos">
            {photos.map((p) => (
              <li key={p.userId} className="grid gap-1">
                <img
                  src={p.imageUrl}
                  alt={`${p.name}'s team photo`}
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
              label="Download all as ZIP"
            />
            {template && <TemplateDownloadButton target={{ team: true }} label="Download all as profile pictures (ZIP)" />}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
