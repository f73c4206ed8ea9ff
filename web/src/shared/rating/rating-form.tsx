import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { m } from "@/lib/copy";
import { Loader2, Star } from "lucide-react";
import { errorText } from "@/api/client";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { RATING_COMMENT_MAX, RATING_FIRST_NAME_MAX, RATING_ROLE_MAX, STARS_MAX } from "@/lib/domain";
import { cn } from "@/lib/utils";
import { useAuth } from "@/shared/auth/auth-context";
import { useRating, useSaveRating, type RatingInput } from "./api/rating";

const STAR_VALUES = Array.from({ length: STARS_MAX }, (_, i) => i + 1);

/** What the person is told about their comment once it is saved. */
function publicationNote(status: string | null | undefined): string | null {
  if (status === "pending") return m.generator_rating_pending();
  if (status === "approved") return m.generator_rating_approved();
  if (status === "unpublished") return m.generator_rating_unpublished();
  return null;
}

/** A consent the person gives by ticking it (never ticked for them). */
function ConsentBox({
  id,
  checked,
  onChange,
  children,
}: {
  id: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  children: ReactNode;
}) {
  return (
    <div className="flex items-start gap-3">
      <Checkbox id={id} checked={checked} onCheckedChange={(v) => onChange(v === true)} className="mt-0.5" />
      <Label htmlFor={id} className="font-normal leading-snug">
        {children}
      </Label>
    </div>
  );
}

/**
 * Rate a result 1–5 stars with an optional comment, and, only when the person ticks it, consent to
 * publish the comment with the first name and role they type (issue 26). One rating per headshot; saving
 * again changes it. The server checks everything again (worker/ratings/routes.ts).
 */
export function RatingForm({ headshotId }: { headshotId: string }) {
  const { user } = useAuth();
  const existing = useRating(headshotId);
  const save = useSaveRating(headshotId);
  const [form, setForm] = useState<RatingInput>({
    stars: 0,
    comment: "",
    publishConsent: false,
    firstName: user?.firstName ?? "",
    role: "",
    pictureConsent: false,
  });
  const [error, setError] = useState<string | null>(null);

  const saved = existing.data;
  useEffect(() => {
    if (saved) {
      setForm({
        stars: saved.stars,
        comment: saved.comment ?? "",
        publishConsent: saved.publishConsent,
        firstName: saved.firstName ?? user?.firstName ?? "",
        role: saved.role ?? "",
        pictureConsent: saved.pictureConsent,
      });
    }
  }, [saved, user?.firstName]);

  const set = (patch: Partial<RatingInput>) => setForm((f) => ({ ...f, ...patch }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (form.stars < 1) return setError(m.generator_rating_choose_stars());
    if (form.publishConsent && (!form.comment.trim() || !form.firstName.trim() || !form.role.trim())) {
      return setError(m.generator_rating_publish_needs());
    }
    setError(null);
    save.mutate(form, {
      onSuccess: () => toast({ title: m.generator_rating_saved(), description: m.generator_rating_saved_text() }),
      onError: (err) => setError(errorText(err, m.generator_rating_failed())),
    });
  };

  const note = publicationNote(saved?.testimonialStatus);
  return (
    <form onSubmit={onSubmit} className="grid gap-4" aria-labelledby="rating-title" noValidate>
      <h3 id="rating-title" className="text-lg font-semibold">
        {m.generator_rating_title()}
      </h3>
      <fieldset>
        <legend className="text-sm font-medium">{m.generator_rating_yours()}</legend>
        <div className="mt-2 flex gap-1">
          {STAR_VALUES.map((n) => (
            <label key={n} className="cursor-pointer rounded-md p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
              <input
                type="radio"
                name="stars"
                value={n}
                checked={form.stars === n}
                onChange={() => set({ stars: n })}
                className="sr-only"
                aria-label={m.generator_rating_stars({ count: n })}
              />
              <Star
                aria-hidden="true"
                className={cn("size-7", n <= form.stars ? "fill-amber-400 text-amber-500" : "text-muted-foreground")}
              />
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor="rating-comment">{m.generator_rating_comment()}</Label>
        <Textarea
          id="rating-comment"
          value={form.comment}
          maxLength={RATING_COMMENT_MAX}
          onChange={(e) => set({ comment: e.target.value })}
          placeholder={m.generator_rating_comment_placeholder()}
        />
      </div>
      <ConsentBox id="rating-consent" checked={form.publishConsent} onChange={(publishConsent) => set({ publishConsent })}>
        {m.generator_rating_publish_consent()}
      </ConsentBox>
      {form.publishConsent && (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor="rating-first-name">{m.generator_rating_first_name()}</Label>
            <Input
              id="rating-first-name"
              value={form.firstName}
              maxLength={RATING_FIRST_NAME_MAX}
              autoComplete="given-name"
              onChange={(e) => set({ firstName: e.target.value })}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="rating-role">{m.generator_rating_role()}</Label>
            <Input
              id="rating-role"
              value={form.role}
              maxLength={RATING_ROLE_MAX}
              placeholder={m.generator_rating_role_placeholder()}
              autoComplete="organization-title"
              onChange={(e) => set({ role: e.target.value })}
            />
          </div>
        </div>
      )}
      <ConsentBox id="rating-picture-consent" checked={form.pictureConsent} onChange={(pictureConsent) => set({ pictureConsent })}>
        {m.generator_rating_picture_consent()}
      </ConsentBox>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      {note && !error && <p className="text-sm text-muted-foreground">{note}</p>}
      <Button type="submit" disabled={save.isPending || existing.isLoading} className="justify-self-start">
        {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
        {saved ? m.generator_rating_update() : m.generator_rating_save()}
      </Button>
    </form>
  );
}
