import { GenderImage } from "@/assets/styles";
import { GENDERS, type Gender } from "@/lib/domain";
import { ChoiceGrid } from "./choice-grid";

export function GenderStep({ value, onChoose }: { value: Gender | null; onChoose: (g: Gender) => void }) {
  return (
    <ChoiceGrid
      label="Gender"
      className="grid-cols-2 gap-4 sm:max-w-xl"
      choices={GENDERS.map((g) => ({
        ...g,
        image: <GenderImage gender={g.id} className="aspect-[5/6] w-full" />,
        selected: value === g.id,
      }))}
      onPick={onChoose}
    />
  );
}
