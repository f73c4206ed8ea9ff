import { ChevronDown, Menu, X } from "@/components/marketing/icons";
import { CONTACT_EMAIL, SERVICE_GROUPS, SERVICE_PAGES, paths } from "@/lib/paths";
import { Logo } from "./logo";
import { AccountArea, MobileAccountArea } from "./header-account";
import { DisclosureMenu } from "./disclosure-menu";
import { publicHref } from "@/content/site";
import { serviceGroupName, serviceName } from "@/content/service-names";
import { m } from "@/lib/copy";
import { LanguageSwitcher } from "./language-switcher";
import { AppLanguageSwitcher } from "./app-language-switcher";

/** The landing's sections, in the page's language ("/de/#pricing" on a German page). */
const anchors = () => [
  { href: publicHref(paths.howItWorks), label: m.public_nav_how() },
  { href: publicHref(paths.aiStyles), label: m.public_nav_styles() },
  { href: publicHref(paths.pricingAnchor), label: m.public_nav_pricing() },
];

const navLink =
  "rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/**
 * SPEC §2 header: Services (three groups), How It Works, AI Styles, Pricing, Contact, account actions, mobile
 * menu. The menus are the browser's popovers (decision 181): they open on the first tap with no script.
 */
export function SiteHeader({
  path,
}: {
  /** a public page's path without its language prefix; none on the app's pages (team links) */ path?: string;
}) {
  const ANCHORS = anchors();
  const switcher = (id: string) => (path !== undefined ? <LanguageSwitcher id={id} path={path} /> : <AppLanguageSwitcher id={id} />);
  return (
    <header className="group/header sticky top-0 z-40 -order-1 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label={m.public_nav_main()} className="hidden items-center gap-1 md:flex">
          <DisclosureMenu
            id="services-menu"
            buttonClassName={`${navLink} inline-flex items-center gap-1`}
            panelClassName="grid w-[42rem] max-w-[calc(100vw-2rem)] grid-cols-3 gap-2 p-3"
            label={
              <>
                {m.public_nav_services()} <ChevronDown className="size-4" aria-hidden="true" />
              </>
            }
          >
            {SERVICE_GROUPS.map((group) => (
              <div key={group} role="group" aria-labelledby={`services-${group.replace(/\W+/g, "-")}`}>
                <p
                  id={`services-${group.replace(/\W+/g, "-")}`}
                  className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground"
                >
                  {serviceGroupName(group)}
                </p>
                <ul>
                  {SERVICE_PAGES.filter((s) => s.group === group).map((s) => (
                    <li key={s.slug}>
                      <a
                        href={publicHref(paths.service(s.slug))}
                        className="block rounded-md px-3 py-2 text-sm font-medium hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                      >
                        {serviceName(s.slug)}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </DisclosureMenu>
          {ANCHORS.map((a) => (
            <a key={a.href} href={a.href} className={navLink}>
              {a.label}
            </a>
          ))}
          <a href={`mailto:${CONTACT_EMAIL}`} className={navLink}>
            {m.public_nav_contact()}
          </a>
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          {switcher("language-menu")}
          <AccountArea />
        </div>
        <button
          type="button"
          popoverTarget="mobile-menu"
          className="inline-flex size-11 items-center justify-center rounded-md hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring md:hidden [&_svg]:size-5"
          aria-label={m.public_nav_menu()}
        >
          {/* Which icon shows follows the menu's own open state (CSS, no script). */}
          <Menu aria-hidden="true" className="group-has-[#mobile-menu:popover-open]/header:hidden" />
          <X aria-hidden="true" className="hidden group-has-[#mobile-menu:popover-open]/header:block" />
        </button>
      </div>
      <nav id="mobile-menu" popover="auto" aria-label={m.public_nav_mobile()} className="mobile-menu md:hidden">
        <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-4">
          <p className="px-3 pb-1 text-sm font-semibold">{m.public_nav_services()}</p>
          {SERVICE_GROUPS.map((group) => (
            <div key={group} className="py-1">
              <p className="px-3 py-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">{serviceGroupName(group)}</p>
              {SERVICE_PAGES.filter((s) => s.group === group).map((s) => (
                <a key={s.slug} href={publicHref(paths.service(s.slug))} className={`${navLink} block py-2.5`}>
                  {serviceName(s.slug)}
                </a>
              ))}
            </div>
          ))}
          <div className="my-2 h-px bg-border" />
          {ANCHORS.map((a) => (
            <a key={a.href} href={a.href} className={`${navLink} block py-2.5`}>
              {a.label}
            </a>
          ))}
          <a href={`mailto:${CONTACT_EMAIL}`} className={`${navLink} block py-2.5`}>
            {m.public_nav_contact()}
          </a>
          <div className="mt-3 flex flex-col gap-2">
            {switcher("mobile-language-menu")}
            <MobileAccountArea />
          </div>
        </div>
      </nav>
    </header>
  );
}
