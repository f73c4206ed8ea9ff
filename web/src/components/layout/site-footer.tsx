import { CONTACT_EMAIL, SERVICE_GROUPS, SERVICE_PAGES, paths } from "@/lib/paths";
import { CONSENT_ACTION } from "@/shared/pixel/consent";
import { Logo } from "./logo";
import { publicHref } from "@/content/site";
import { serviceGroupName, serviceName } from "@/content/service-names";
import { m } from "@/lib/copy";
import { STYLES } from "../../../../domain/styles";

const link = "rounded-sm hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/** The public pages' last element: their first frame waits until it is parsed (`rel=expect`, web/build/build.ts). */
export const FOOTER_ID = "site-footer";

export function SiteFooter() {
  return (
    <footer id={FOOTER_ID} className="below-fold border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 text-sm text-muted-foreground sm:px-6 md:grid-cols-5">
        <div className="md:col-span-2">
          <Logo className="text-foreground" />
          <p className="mt-3 max-w-xs">{m.public_footer_tagline({ styles: STYLES.length })}</p>
          <p className="mt-3">
            <a href={`mailto:${CONTACT_EMAIL}`} className={link}>
              {CONTACT_EMAIL}
            </a>
          </p>
        </div>
        {SERVICE_GROUPS.map((group) => (
          <nav key={group} aria-label={serviceGroupName(group)}>
            <p className="font-semibold text-foreground">{serviceGroupName(group)}</p>
            <ul className="mt-3 grid gap-2">
              {SERVICE_PAGES.filter((s) => s.group === group).map((s) => (
                <li key={s.slug}>
                  <a href={publicHref(paths.service(s.slug))} className={link}>
                    {serviceName(s.slug)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>© {__BUILD_DATE__.slice(0, 4)} Headshot Studio</p>
          <nav aria-label={m.public_footer_legal()} className="flex flex-wrap gap-x-6 gap-y-2">
            <a href={publicHref(paths.privacy)} className={link}>
              {m.policies_privacy_title()}
            </a>
            <a href={publicHref(paths.terms)} className={link}>
              {m.policies_terms_title()}
            </a>
            <a href={`mailto:${CONTACT_EMAIL}`} className={link}>
              {m.public_nav_contact()}
            </a>
            <button type="button" className={link} data-consent={CONSENT_ACTION.settings}>
              {m.public_footer_cookie_settings()}
            </button>
          </nav>
        </div>
      </div>
    </footer>
  );
}
