/**
 * The Privacy Policy and Terms of Service (SPEC §1). Every statement here is something the code does:
 * photos encrypted at rest (worker/storage/encrypted.ts), photos deleted RETENTION_DAYS after a subscription
 * ends or, without one, after each headshot was made (worker/headshots/retention.ts), uploads never
 * generated deleted after a day (worker/headshots/unused-uploads.ts), deletion from account settings
 * (worker/account/routes.ts), the 13+ confirmation at sign-up (worker/auth/routes.ts), the 30-day refund of
 * a first subscription only (worker/billing), cancellation at period end (Stripe's cancel_at_period_end).
 */
import { CONTACT_EMAIL } from "@/lib/paths";
import { FAIR_USE_AT_ONCE, FREE_GENERATIONS, MINIMUM_AGE, RETENTION_DAYS } from "../../../domain/limits";
import { MONEY_BACK_DAYS, PRICE_CHANGE_NOTICE_DAYS, refillWords } from "../../../domain/plans";

export interface PolicySection {
  heading: string;
  paragraphs: readonly string[];
}

export interface Policy {
  title: string;
  description: string;
  intro: string;
  sections: readonly PolicySection[];
}

export const PRIVACY_POLICY: Policy = {
  title: "Privacy Policy",
  description: `How Headshot Studio stores, protects and deletes your photos and data: encrypted storage, deletion on request, no service for children under ${MINIMUM_AGE}.`,
  intro:
    "Headshot Studio turns a photo you upload into a professional headshot. This policy explains what we collect, how we protect it, how long we keep it and how you can have it deleted.",
  sections: [
    {
      heading: "What we collect",
      paragraphs: [
        "Your account: your email address, a password hash (never the password itself) or your Google account identifier if you sign in with Google, and the name and profile picture Google shares with us.",
        "Your photos: the photos you upload and the headshots we generate from them, with the style and gender you chose.",
        "A team's backdrop: if a team's owner uploads a photo of their office or brand wall as the team's backdrop, we keep it once for the team, encrypted and without its location and camera metadata, and send it to the image model beside a member's photo each time they generate in the team look.",
        "Your subscription: your plan and billing status. Card details go directly to our payment provider and never reach our servers.",
      ],
    },
    {
      heading: "How we protect your photos",
      paragraphs: [
        "Photos are stored encrypted. Every uploaded photo and every generated headshot is encrypted before it is written to storage, and location and camera metadata are removed from uploads.",
        "Images are only shown to you, through links that expire, and to our operator when reviewing content for abuse.",
      ],
    },
    {
      heading: "Generated headshots are marked as AI-made",
      paragraphs: [
        "Every headshot we deliver — the picture shown in the app, the free watermarked picture and every download in PNG, WebP or TIFF — carries a machine-readable label in its metadata (XMP, IPTC digital source type “trained algorithmic media”) saying that it was made by an AI model. The EU AI Act (Article 50(2)) requires this, so that anyone can tell the picture is not a photograph. The label names no person, account or place. Your uploads carry no such label: we remove all their metadata.",
        "The picture shown in the app and every download in PNG, WebP or TIFF also carry Content Credentials (C2PA): a record signed with Headshot Studio's key, which anyone can check at contentcredentials.org/verify. It says that Headshot Studio made the picture with an AI model and which model made it (pictures made before we recorded the model do not name one), and, for a refined version or a download with quick changes, that it was edited from an earlier version. It contains no name, no email address, no account and no location, and no copy of your photo.",
      ],
    },
    {
      heading: "Ratings and comments",
      paragraphs: [
        "You may rate a headshot with stars and a comment. Ratings count towards the average on our home page. A comment is published there only if you tick the box to publish it, with the first name and role you type, and only after we have reviewed it. Untick the box or delete your account and it is taken off the home page.",
      ],
    },
    {
      heading: "How long we keep your data",
      paragraphs: [
        "Data is kept for the duration of your active subscription, so you can return to your gallery and download your headshots again at any time while you are subscribed.",
        `After your subscription ends, your photos and headshots are kept for ${RETENTION_DAYS} more days. Without a subscription, the photos of each headshot are kept for ${RETENTION_DAYS} days after it was created.`,
        "After that, your uploaded photo, the generated headshot and any prepared downloads are deleted automatically. We keep only a record that the headshot was made (its style and date, without any image) for our accounts.",
        "Photos you upload but never generate a headshot from are deleted automatically after one day.",
        "A team's backdrop photo is kept while the team uses it: it is deleted when the owner replaces or removes it, and when the team is closed.",
        "You can delete your account, and with it all your photos and headshots, at any time from your account settings.",
      ],
    },
    {
      heading: "Deleting your data",
      paragraphs: [
        `You can delete your account at any time from your account settings. Deletion can also be requested by email to ${CONTACT_EMAIL}. Deleting your account removes your photos, your headshots and your account data, and cancels any subscription.`,
      ],
    },
    {
      heading: "Children",
      paragraphs: [
        `Children under ${MINIMUM_AGE} are not served. Everyone who creates an account confirms that they are ${MINIMUM_AGE} or older, and we refuse sign-ups without that confirmation.`,
      ],
    },
    {
      heading: "Who processes your data for us",
      paragraphs: [
        "Hosting and authentication come from a hosting provider: the site, sign-in and file storage run on Cloudflare. Your photos and headshots are stored in the European Union (Cloudflare R2, EU jurisdiction), and your account data in a managed Postgres database (Neon) in its Frankfurt region, also in the European Union.",
        "Headshots are generated by an image-generation AI from Google. Payments are handled by Stripe. Verification emails are sent through our email provider. If you choose Continue with Google, Google confirms your identity. These providers may process the data they need for their part (for Google, the photo a headshot is made from and, for a team, its backdrop photo) outside the European Union, under their data processing terms.",
      ],
    },
    {
      heading: "Cookies and advertising",
      paragraphs: [
        "We use essential cookies only to keep you signed in (one of them just tells our pages that you are signed in) and to remember your cookie choice. With your consent only, we use an advertising pixel (Meta) to measure sign-ups and purchases; until you accept in the cookie banner, it is not loaded and nothing is sent. You can change your choice at any time from the Cookie settings link in the footer.",
      ],
    },
    {
      heading: "Contact",
      paragraphs: [`Questions about your privacy? Write to ${CONTACT_EMAIL}.`],
    },
  ],
};

export const TERMS_OF_SERVICE: Policy = {
  title: "Terms of Service",
  description: `The terms for using Headshot Studio: auto-renewing subscriptions, ${MONEY_BACK_DAYS}-day money-back guarantee on new subscriptions, cancellation at any time, and your rights to your photos.`,
  intro: `These terms apply when you use Headshot Studio. By creating an account you confirm that you are ${MINIMUM_AGE} or older and that you accept them.`,
  sections: [
    {
      heading: "Your account",
      paragraphs: [
        `You must be ${MINIMUM_AGE} or older to use Headshot Studio. Free accounts receive ${FREE_GENERATIONS} watermarked generations after verifying their email address.`,
      ],
    },
    {
      heading: "Subscriptions and billing",
      paragraphs: [
        "Subscriptions auto-renew and are charged at the start of each billing cycle: every week, month or year, depending on your plan, until you cancel.",
        `Every plan includes unlimited generations under fair use, an allowance that refills: up to ${FAIR_USE_AT_ONCE} pictures at once, then ${refillWords("weekly")} on the Weekly plan, ${refillWords("monthly")} on the Monthly plan, ${refillWords("yearly")} on the Yearly plan and ${refillWords("team")} per member on the Team plan, so the service stays fast for everyone and every plan's price covers what its generations cost us. When the allowance is used up, we tell you when your next picture is possible; a picture that fails gives its share back, and a free redo never counts.`,
        `Price changes are notified ${PRICE_CHANGE_NOTICE_DAYS} days ahead, by email, before they apply to your subscription.`,
      ],
    },
    {
      heading: "Money-back guarantee",
      paragraphs: [
        `There is a ${MONEY_BACK_DAYS}-day money-back guarantee on new subscriptions only, not on renewals. Ask within ${MONEY_BACK_DAYS} days of your first payment and we refund it in full.`,
      ],
    },
    {
      heading: "Cancellation",
      paragraphs: [
        "You can cancel at any time from your account settings. You keep access until the end of the period you have paid for, and there are no partial refunds for the remainder of a period.",
      ],
    },
    {
      heading: "Your photos and your headshots",
      paragraphs: [
        "You keep all rights to your uploads. You give us only the permission we need to store them and to generate your headshots.",
        "Generated headshots may be used commercially: on your website, in marketing, on business cards, in press kits and anywhere else.",
        "Every generated headshot carries a machine-readable label in its metadata and signed Content Credentials saying it was made by AI, as the EU AI Act (Article 50(2)) requires. Do not remove them or present a generated headshot as a photograph where that would mislead.",
        "Upload only photos of yourself, or of people who have agreed. We may remove content that breaks the law or these terms.",
      ],
    },
    {
      heading: "Contact",
      paragraphs: [`Questions about these terms? Write to ${CONTACT_EMAIL}.`],
    },
  ],
};
