/** The owner's team grid: every member's chosen photo (never an original, never an unchosen picture). */
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useTeamGrid } from "./api/get-team-grid";

export function TeamGrid() {
  const { data, isLoading } = useTeamGrid(true);
  const photos = data?.photos ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Team photos</CardTitle>
        <CardDescription>Each member's chosen team photo. The download of them all as one ZIP comes soon.</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? null : photos.length === 0 ? (
          <p className="text-sm text-muted-foreground">No team photos chosen yet.</p>
        ) : (
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-label="Team photos">
            {photos.map((p) => (
              <li key={p.userId} className="grid gap-1">
                <img src={p.imageUrl} alt={`${p.name}'s team photo`} className="aspect-square w-full rounded-md border object-cover" loading="lazy" />
                <span className="text-sm font-medium">{p.name}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
