/** POST /api/shoots — photos (1–3) and styles (1–10) in one request: every picture starts at once. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import type { Gender, StyleId } from "@/lib/domain";
import { creditsQuery } from "@/shared/api/get-credits";
import { headshotsQuery } from "@/shared/api/get-headshots";

export interface StartShootInput {
  photos: File[];
  styles: StyleId[];
  gender: Gender | null;
}

export function startShoot({ photos, styles, gender }: StartShootInput) {
  return data(client.api.shoots.$post({ form: { photo: photos, style: styles, ...(gender ? { gender } : {}) } }));
}

export function useStartShoot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startShoot,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: creditsQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: headshotsQuery().queryKey }),
      ]),
  });
}
