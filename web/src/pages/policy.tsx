import { PRIVACY_POLICY, TERMS_OF_SERVICE, type Policy } from "@/content/policies";
import { withSiteName } from "@/content/site";
import { useDocumentTitle } from "@/public/use-document-title";

/** The last-updated date: the day this page was built and published (docs/decisions/071). */
export const LAST_UPDATED = new Date(`${__BUILD_DATE__}T00:00:00Z`).toLocaleDateString("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

export const PrivacyPolicyPage = () => <PolicyPage policy={PRIVACY_POLICY} />;
export const TermsOfServicePage = () => <PolicyPage policy={TERMS_OF_SERVICE} />;

/** /privacy-policy and /terms-of-service. */
function PolicyPage({ policy }: { policy: Policy }) {
  useDocumentTitle(withSiteName(policy.title));
  return (
    <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6 lg:py-20">
      <h1 className="text-4xl font-bold tracking-tight">{policy.title}</h1>
      <p className="mt-3 text-sm text-muted-foreground">
        Last updated: <time dateTime={__BUILD_DATE__}>{LAST_UPDATED}</time>
      </p>
      <p className="mt-8 text-lg text-muted-foreground">{policy.intro}</p>
      {policy.sections.map((s) => (
        <section key={s.heading} className="mt-10">
          <h2 className="text-xl font-semibold tracking-tight">{s.heading}</h2>
          {s.paragraphs.map((p) => (
            <p key={p} className="mt-3 leading-7">
              {p}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
