/**
 * domain/'s sentences in the reader's language (issue 50, decision 367). domain/ keeps its English texts (the web app,
 * the unit tests and stored rows use them as they are); the worker sends and stores those English texts, and turns
 * each into the catalogue's words for the reader when it answers: refusals in the error handler (worker/app.ts), a
 * failed headshot's stored `error` when it is read. The English text is the stable code: a text this table does
 * not know (a route's own words, an older stored text) is answered as it is.
 */
import {
  DOWNLOAD_VARIANTS_PER_HOUR,
  DOWNLOAD_VARIANTS_PER_PICTURE_PER_HOUR,
  FREE_GENERATIONS,
  GENERATION_MAX_ATTEMPTS,
  MAX_SHRINKABLE_MB,
  MAX_UPLOAD_MB,
  MESSAGES,
  MIN_UPLOAD_SIDE,
  MINIMUM_AGE,
  RETENTION_DAYS,
  ZIPS_PER_HOUR,
} from "../../domain/limits";
import {
  FREE_REDO_DAYS,
  IDENTITY_MESSAGES,
  INSTRUCTION_MAX_LENGTH,
  INSTRUCTION_MIN_LENGTH,
  MAX_VERSIONS,
  REFINE_MESSAGES,
} from "../../domain/refine";
import { TEAM_MESSAGES } from "../../domain/teams";
import { CAPTURE_MESSAGES } from "../../domain/team-capture";
import {
  CUSTOM_MAX_PIXELS,
  CUSTOM_SIZE_MAX,
  CUSTOM_SIZE_MIN,
  CUSTOM_WEBP_FORMATS,
  PRINT_FORMATS,
  customSizeProblem,
} from "../../domain/downloads";
import { baseLocale, formatNumber, m, type Locale } from "../../copy";
import type { ApiError, Words } from "./errors";

const o = (locale: Locale) => ({ locale });

/** Each English text of domain/ the worker sends to people, and its catalogue message with domain's numbers. */
const WORDS = new Map<string, Words>([
  [MESSAGES.downloadBusy, (l) => m.errors_download_busy({}, o(l))],
  [MESSAGES.badType, (l) => m.errors_bad_type({}, o(l))],
  [MESSAGES.tooLarge, (l) => m.errors_too_large({ mb: MAX_UPLOAD_MB }, o(l))],
  [MESSAGES.tooLargeToShrink, (l) => m.errors_too_large_to_shrink({ mb: MAX_SHRINKABLE_MB }, o(l))],
  [MESSAGES.freeUsed, (l) => m.errors_free_used({ count: FREE_GENERATIONS }, o(l))],
  [MESSAGES.verifyFirst, (l) => m.errors_verify_first({ count: FREE_GENERATIONS }, o(l))],
  [MESSAGES.generationFailed, (l) => m.errors_generation_failed({}, o(l))],
  [MESSAGES.generationBusy, (l) => m.errors_generation_busy({ attempts: GENERATION_MAX_ATTEMPTS }, o(l))],
  [MESSAGES.generationUnavailable, (l) => m.errors_generation_unavailable({}, o(l))],
  [MESSAGES.generationQueuedTooLong, (l) => m.errors_generation_queued_too_long({}, o(l))],
  [MESSAGES.generationStuck, (l) => m.errors_generation_stuck({}, o(l))],
  [MESSAGES.generationRefunded, (l) => m.errors_generation_refunded({}, o(l))],
  [MESSAGES.generationNoPhoto, (l) => m.errors_generation_no_photo({}, o(l))],
  [MESSAGES.tooManyUploads, (l) => m.errors_too_many_uploads({}, o(l))],
  [
    MESSAGES.tooManyDownloadVariants,
    (l) =>
      m.errors_too_many_download_variants({ perPicture: DOWNLOAD_VARIANTS_PER_PICTURE_PER_HOUR, all: DOWNLOAD_VARIANTS_PER_HOUR }, o(l)),
  ],
  [MESSAGES.tooManyZips, (l) => m.errors_too_many_zips({ count: ZIPS_PER_HOUR }, o(l))],
  [MESSAGES.requestTooLarge, (l) => m.errors_request_too_large({}, o(l))],
  [MESSAGES.notAnImage, (l) => m.errors_not_an_image({}, o(l))],
  [MESSAGES.heic, (l) => m.errors_heic({}, o(l))],
  [MESSAGES.unreadable, (l) => m.errors_unreadable({}, o(l))],
  [MESSAGES.tooSmall, (l) => m.errors_too_small({ side: MIN_UPLOAD_SIDE }, o(l))],
  [MESSAGES.headshotRemoved, (l) => m.errors_headshot_removed({}, o(l))],
  [MESSAGES.headshotExpired, (l) => m.errors_headshot_expired({ days: RETENTION_DAYS }, o(l))],
  [MESSAGES.termsRequired, (l) => m.errors_terms_required({ age: MINIMUM_AGE }, o(l))],
  [REFINE_MESSAGES.tooShort, (l) => m.errors_refine_too_short({ min: INSTRUCTION_MIN_LENGTH }, o(l))],
  [REFINE_MESSAGES.tooLong, (l) => m.errors_refine_too_long({ max: INSTRUCTION_MAX_LENGTH }, o(l))],
  [REFINE_MESSAGES.characters, (l) => m.errors_refine_characters({}, o(l))],
  [REFINE_MESSAGES.instructions, (l) => m.errors_refine_instructions({}, o(l))],
  [REFINE_MESSAGES.notFinished, (l) => m.errors_refine_not_finished({}, o(l))],
  [REFINE_MESSAGES.tooManyVersions, (l) => m.errors_refine_too_many_versions({ count: MAX_VERSIONS }, o(l))],
  [REFINE_MESSAGES.redoExpired, (l) => m.errors_refine_redo_expired({ days: FREE_REDO_DAYS }, o(l))],
  [REFINE_MESSAGES.editDeclined, (l) => m.errors_refine_edit_declined({}, o(l))],
  [REFINE_MESSAGES.tooManyChecks, (l) => m.errors_refine_too_many_checks({}, o(l))],
  [REFINE_MESSAGES.judgeUnavailable, (l) => m.errors_refine_judge_unavailable({}, o(l))],
  [IDENTITY_MESSAGES.age, (l) => m.errors_identity_age({}, o(l))],
  [IDENTITY_MESSAGES.ethnicity, (l) => m.errors_identity_ethnicity({}, o(l))],
  [IDENTITY_MESSAGES.skin, (l) => m.errors_identity_skin({}, o(l))],
  [IDENTITY_MESSAGES.face, (l) => m.errors_identity_face({}, o(l))],
  [IDENTITY_MESSAGES.body, (l) => m.errors_identity_body({}, o(l))],
  [IDENTITY_MESSAGES.gender, (l) => m.errors_identity_gender({}, o(l))],
  [IDENTITY_MESSAGES.person, (l) => m.errors_identity_person({}, o(l))],
  [IDENTITY_MESSAGES.policy, (l) => m.errors_identity_policy({}, o(l))],
  [TEAM_MESSAGES.notInTeam, (l) => m.errors_team_not_in_team({}, o(l))],
  [TEAM_MESSAGES.ownerOnly, (l) => m.errors_team_owner_only({}, o(l))],
  [TEAM_MESSAGES.alreadyInTeam, (l) => m.errors_team_already_in_team({}, o(l))],
  [TEAM_MESSAGES.noFreeSeats, (l) => m.errors_team_no_free_seats({}, o(l))],
  [TEAM_MESSAGES.invitationInvalid, (l) => m.errors_team_invitation_invalid({}, o(l))],
  [TEAM_MESSAGES.invitationOtherAddress, (l) => m.errors_team_invitation_other_address({}, o(l))],
  [TEAM_MESSAGES.seatsBelowMembers, (l) => m.errors_team_seats_below_members({}, o(l))],
  [TEAM_MESSAGES.noTeamSubscription, (l) => m.errors_team_no_subscription({}, o(l))],
  [TEAM_MESSAGES.teamHasSubscription, (l) => m.errors_team_has_subscription({}, o(l))],
  [TEAM_MESSAGES.noTemplate, (l) => m.errors_team_no_template({}, o(l))],
  [TEAM_MESSAGES.templateNeedsColor, (l) => m.errors_team_template_needs_color({}, o(l))],
  [TEAM_MESSAGES.verifyBeforeInviting, (l) => m.errors_team_verify_before_inviting({}, o(l))],
  [TEAM_MESSAGES.inviteNeedsPaidTeam, (l) => m.errors_team_invite_needs_paid_team({}, o(l))],
  [TEAM_MESSAGES.seatCutNotMade, (l) => m.errors_team_seat_cut_not_made({}, o(l))],
  [CAPTURE_MESSAGES.linkInvalid, (l) => m.errors_capture_link_invalid({}, o(l))],
  [CAPTURE_MESSAGES.unverified, (l) => m.errors_capture_unverified({}, o(l))],
  [CAPTURE_MESSAGES.otherTeam, (l) => m.errors_capture_other_team({}, o(l))],
  [CAPTURE_MESSAGES.sameTeam, (l) => m.errors_capture_same_team({}, o(l))],
  [CAPTURE_MESSAGES.noSeat, (l) => m.errors_capture_no_seat({}, o(l))],
  [CAPTURE_MESSAGES.removed, (l) => m.errors_capture_removed({}, o(l))],
  // the custom size's two problems and the formats a download is not offered in (domain/downloads.ts)
  [customSizeProblem(0, 0)!, (l) => m.generator_download_side_problem({ min: CUSTOM_SIZE_MIN, max: CUSTOM_SIZE_MAX }, o(l))],
  [
    customSizeProblem(CUSTOM_SIZE_MAX, CUSTOM_SIZE_MAX)!,
    (l) => m.generator_download_pixels_problem({ max: formatNumber(CUSTOM_MAX_PIXELS, l) }, o(l)),
  ],
  [PRINT_FORMATS, (l) => m.generator_download_print_formats({}, o(l))],
  [CUSTOM_WEBP_FORMATS, (l) => m.generator_download_custom_webp({}, o(l))],
]);

/** domain's sentences that carry a value (the link's domains): the English text's pattern and its words. */
const WRONG_DOMAIN = CAPTURE_MESSAGES.wrongDomain(["\u0000"]).split("@\u0000");
const PATTERNS: [RegExp, (value: string, locale: Locale) => string][] = [
  [
    new RegExp(`^${escapeRegExp(WRONG_DOMAIN[0]!)}(.+)${escapeRegExp(WRONG_DOMAIN[1]!)}$`, "s"),
    (domains, l) => m.errors_capture_wrong_domain({ domains }, o(l)),
  ],
];

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The words of one of domain's texts, fixed or carrying a value; undefined for a text not of domain/. */
function wordsOf(text: string): Words | undefined {
  const fixed = WORDS.get(text);
  if (fixed) return fixed;
  for (const [pattern, words] of PATTERNS) {
    const found = pattern.exec(text);
    if (found) return (l) => words(found[1]!, l);
  }
  return undefined;
}

/** domain's English `text` in `locale`; English, and any text the table does not know, as it is. */
export function domainText(text: string, locale: Locale): string {
  if (locale === baseLocale) return text;
  const words = wordsOf(text);
  if (words) return words(locale);
  // an input's refusal names its field first (worker/lib/validate.ts: "acceptTerms: Please confirm…")
  const field = /^([\w.]+): (.+)$/s.exec(text);
  const inField = field && wordsOf(field[2]!);
  return inField ? `${field[1]}: ${inField(locale)}` : text;
}

/** A refusal's sentence in `locale`: its catalogue words (decision 395), or domain's English worded by domainText. */
export const refusalText = (err: ApiError, locale: Locale): string => (err.words ? err.words(locale) : domainText(err.message, locale));

/** Whether `text` is one of domain's sentences the worker words per reader (for the tests). */
export const isDomainText = (text: string): boolean => wordsOf(text) !== undefined;
