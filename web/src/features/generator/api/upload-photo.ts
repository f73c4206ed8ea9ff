/** POST /api/headshots/upload — multipart photo, style, optional gender → the pending headshot. */
import { useMutation } from "@tanstack/react-query";
import { client, data } from "@/api/client";
import type { Gender, StyleId } from "@/lib/domain";

export interface UploadPhotoInput {
  photo: File;
  style: StyleId;
  gender: Gender | null;
  /** Generate in the caller's team look (the server takes the team's style and background colour). */
  teamLook?: boolean;
}

export function uploadPhoto({ photo, style, gender, teamLook }: UploadPhotoInput) {
  return data(
    client.api.headshots.upload.$post({
      form: { photo, style, ...(gender ? { gender } : {}), ...(teamLook ? { teamLook: "true" as const } : {}) },
    }),
  );
}

export type UploadedHeadshot = Awaited<ReturnType<typeof uploadPhoto>>;

/** Nothing to invalidate: an uploaded photo is not a headshot until it is generated. */
export function useUploadPhoto() {
  return useMutation({ mutationFn: uploadPhoto });
}
