import { privacyPolicy, termsOfService, type Policy } from "@/content/policies";
import { withSiteName } from "@/content/site";
import { baseLocale, formatDate, getLocale, localePath, m } from "@/lib/copy";
import { paths } from "@/lib/paths";
import { useDocumentTitle } from "@/public/use-document-title";

/** The last-updated date: the day this page was built and published (docs/decisions/071), in the page's language. */
export const lastUpdated = () => formatDate(`${__BUILD_DATE__}T00:00:00Z`, getLocale(), "long", { timeZone: "UTC" });

/** Where the policy's text says the date: the date goes in a <time> there. */
const DATE_SLOT = "{date}";

export const PrivacyPolicyPage = () => <PolicyPage policy={privacyPolicy()} path={paths.privacy} />;
export const TermsOfServicePage = () => <PolicyPage policy={termsOfService()} path={paths.terms} />;

/** /privacy-policy and /terms-of-service; a translation says that the English text prevails, and links to it. */
function PolicyPage({ policy, path }: { policy: Policy; path: string }) {
  useDocumentTitle(withSiteName(policy.title));
  const [beforeDate, afterDate] = m.policies_last_updated({ date: DATE_SLOT }).split(DATE_SLOT);
  const translated = getLocale() !== baseLocale;
  return (
    <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6 lg:py-20">
      <h1 className="text-4xl font-bold tracking-tight">{policy.title}</h1>
      <p className="mt-3 text-sm text-muted-foreground">
        {beforeDate}
        <time dateTime={__BUILD_DATE__}>{lastUpdated()}</time>
        {afterDate}
      </p>
      {translated && (
        <p className="mt-3 text-sm text-muted-foreground" data-prevails="en">
          {m.policies_prevails()}{" "}
          <a href={localePath(baseLocale, path)} hrefLang="en" className="font-medium underline underline-offset-2">
            {m.policies_english_version()}
          </a>
        </p>
      )}
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
