import { useState } from "react";
import { Link } from "wouter";
import { ChevronDown, Menu, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { CONTACT_EMAIL, SERVICE_GROUPS, SERVICE_PAGES, paths } from "@/lib/paths";
import { Logo } from "./logo";
import { AccountArea, MobileAccountArea } from "./header-account";

const ANCHORS = [
  { href: paths.howItWorks, label: "How It Works" },
  { href: paths.aiStyles, label: "AI Styles" },
  { href: paths.pricingAnchor, label: "Pricing" },
];

const navLink =
  "rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

export function SiteHeader() {
  const [open, setOpen] = useState(false);
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <DropdownMenu>
            <DropdownMenuTrigger className={`${navLink} inline-flex items-center gap-1`}>
              Services <ChevronDown className="size-4" aria-hidden="true" />
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start" className="w-64">
              {SERVICE_GROUPS.map((group, gi) => (
                <div key={group}>
                  {gi > 0 && <DropdownMenuSeparator />}
                  <DropdownMenuLabel>{group}</DropdownMenuLabel>
                  {SERVICE_PAGES.filter((s) => s.group === group).map((s) => (
                    <DropdownMenuItem key={s.slug} asChild>
                      <Link href={paths.service(s.slug)}>{s.name}</Link>
                    </DropdownMenuItem>
                  ))}
                </div>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
          {ANCHORS.map((a) => (
            <a key={a.href} href={a.href} className={navLink}>
              {a.label}
            </a>
          ))}
          <a href={`mailto:${CONTACT_EMAIL}`} className={navLink}>
            Contact
          </a>
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <AccountArea />
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? "Close menu" : "Open menu"}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </Button>
      </div>
      {open && (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t bg-background md:hidden">
          <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-4">
            {SERVICE_GROUPS.map((group) => (
              <div key={group} className="py-1">
                <p className="px-3 py-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">{group}</p>
                {SERVICE_PAGES.filter((s) => s.group === group).map((s) => (
                  <Link key={s.slug} href={paths.service(s.slug)} className={`${navLink} block`} onClick={() => setOpen(false)}>
                    {s.name}
                  </Link>
                ))}
              </div>
            ))}
            <div className="my-2 h-px bg-border" />
            {ANCHORS.map((a) => (
              <a key={a.href} href={a.href} className={`${navLink} block`} onClick={() => setOpen(false)}>
                {a.label}
              </a>
            ))}
            <a href={`mailto:${CONTACT_EMAIL}`} className={`${navLink} block`}>
              Contact
            </a>
            <div className="mt-3 flex flex-col gap-2">
              <MobileAccountArea onNavigate={() => setOpen(false)} />
            </div>
          </div>
        </nav>
      )}
    </header>
  );
}
