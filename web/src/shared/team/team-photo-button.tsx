/** "Use as my team photo" on a finished headshot, for a member of a team (issue 25); nothing outside a team. */
import { Check, Users } from "lucide-react";
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
      toast({ title: "Team photo chosen", description: `This headshot is your photo in ${team!.team.name}.` });
    } catch (err) {
      toast({ variant: "destructive", title: "Couldn't choose the photo", description: errorText(err, "Please try again.") });
    }
  }

  return chosen ? (
    <p className="flex items-center gap-2 text-sm text-success-ink">
      <Check className="size-4" aria-hidden="true" /> Your team photo in {team.team.name}
    </p>
  ) : (
    <Button variant="outline" onClick={() => void onChoose()} disabled={choose.isPending}>
      <Users aria-hidden="true" /> Use as my team photo
    </Button>
  );
}
