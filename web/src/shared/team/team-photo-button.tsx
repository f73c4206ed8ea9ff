/** "Use as my team photo" on a finished headshot, for a member of a team (issue 25); nothing outside a team. */
import { Check, Users } from "lucide-react";
import { m } from "@/lib/copy";
import { errorText } from "@/api/client";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { useChooseTeamPhoto } from "@/shared/api/choose-team-photo";
import { useMyTeam } from "@/shared/api/get-my-team";

export function TeamPhotoButton({ headshotId }: { headshotId: string }) {
  const { data: team } = useMyTeam();
  const choose = useChooseTeamPhoto();
  if (!team) return null;
  const chosen = team.myChosenHeadshotId === headshotId;

  async function onChoose() {
    try {
      await choose.mutateAsync(headshotId);
      toast({ title: m.generator_team_photo_chosen(), description: m.generator_team_photo_chosen_text({ team: team!.team.name }) });
    } catch (err) {
      toast({
        variant: "destructive",
        title: m.generator_team_photo_failed(),
        description: errorText(err, m.generator_please_try_again()),
      });
    }
  }

  return chosen ? (
    <p className="flex items-center gap-2 text-sm text-success-ink">
      <Check className="size-4" aria-hidden="true" /> {m.generator_team_photo_current({ team: team.team.name })}
    </p>
  ) : (
    <Button variant="outline" onClick={() => void onChoose()} disabled={choose.isPending}>
      <Users aria-hidden="true" /> {m.generator_team_photo_use()}
    </Button>
  );
}
