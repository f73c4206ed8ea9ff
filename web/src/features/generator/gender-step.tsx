import { GenderImage } from "@/assets/styles";
import { GENDERS, type Gender } from "@/lib/domain";
import { m } from "@/lib/copy";
import { genderDescription, genderName } from "@/shared/words/style-words";
import { ChoiceGrid } from "./choice-grid";

export function GenderStep({ value, onChoose }: { value: Gender | null; onChoose: (g: Gender) => void }) {
  return (
    <ChoiceGrid
      label={m.generator_label_gender()}
      className="grid-cols-2 gap-4 sm:max-w-xl"
      choices={GENDERS.map((g) => ({
        id: g.id,
        name: genderName(g.id),
        description: genderDescription(g.id),

        image: <GenderImage gender={g.id} className="aspect-[5/6] w-full" />,
        selected: value === g.id,
      }))}
      onPick={onChoose}
    />
  );
}
