import { StyleImage } from "@/assets/styles";
import { STYLES, type Gender, type StyleId } from "@/lib/domain";
import { m } from "@/lib/copy";
import { styleDescription, styleName } from "@/shared/words/style-words";
import { ChoiceGrid, type Choice } from "./choice-grid";

const COLUMNS = "grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5";

function styleChoices(gender: Gender | null, state: (id: StyleId) => Pick<Choice<StyleId>, "selected" | "blocked">): Choice<StyleId>[] {
  return STYLES.map((s) => ({
    id: s.id,
    name: styleName(s.id),
    description: styleDescription(s.id),
    image: <StyleImage styleId={s.id} gender={gender ?? "man"} className="aspect-square w-full" />,
    ...state(s.id),
  }));
}

/**
 * Step 2 in "several styles" mode (issue 24): checkboxes, at most `max` (a subscriber all 10, a free
 * person as many as they have generations left); the rest are disabled once the limit is reached.
 */
export function StyleSetStep({
  value,
  gender,
  max,
  onToggle,
}: {
  value: StyleId[];
  gender: Gender | null;
  max: number;
  onToggle: (s: StyleId) => void;
}) {
  return (
    <ChoiceGrid
      several
      small
      label={m.generator_label_styles()}
      className={COLUMNS}
      choices={styleChoices(gender, (id) => {
        const selected = value.includes(id);
        return { selected, blocked: !selected && value.length >= max };
      })}
      onPick={onToggle}
    />
  );
}

export function StyleStep({ value, gender, onChoose }: { value: StyleId | null; gender: Gender | null; onChoose: (s: StyleId) => void }) {
  return (
    <ChoiceGrid
      small
      label={m.generator_label_style()}

      className={COLUMNS}
      choices={styleChoices(gender, (id) => ({ selected: value === id }))}
      onPick={onChoose}
    />
  );
}
