/**
 * The photos area's public module: the one way a photo comes in (issue 49: it left worker/headshots so that
 * worker/teams, which headshots uses, can take the team's backdrop photo through it too). Every upload — a
 * headshot's, each photo of a shoot, a team's backdrop — is checked, stripped of its metadata, turned upright and
 * reduced here (./photo-intake.ts); `inspectImage` also reads a generated image's size.
 */
export { checkPhoto, insertOrCleanUp, uploadBodyLimit, type CheckedPhoto } from "./photo-intake";
export { inspectImage } from "./image-bytes";
