import { ChevronDown, LayoutDashboard, LogOut, Settings, UserRound } from "@/components/marketing/icons";
import { buttonVariants } from "@/components/ui/button-variants";
import { paths } from "@/lib/paths";
import { m } from "@/lib/copy";
import { DisclosureMenu } from "./disclosure-menu";

const item =
  "flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4 [&_svg]:text-muted-foreground";

/** The signed-in visitor's Account menu (Dashboard, Settings, Sign Out). */
export function AccountMenu({ email, signOut }: { email: string | null; signOut: () => void }) {
  return (
    <DisclosureMenu
      id="account-menu"
      align="end"
      panelClassName="w-60"
      buttonClassName={buttonVariants({ variant: "outline" })}
      label={
        <>
          <UserRound aria-hidden="true" /> {m.account_menu_label()} <ChevronDown aria-hidden="true" className="opacity-60" />
        </>
      }
    >
      <>
        {/* the line keeps its height while the email is still being asked for (decision 120) */}
        <p className="min-h-9 truncate px-3 py-2 text-sm text-muted-foreground">{email}</p>
        <div className="my-1 h-px bg-border" />
        <a href={paths.dashboard} className={item}>
          <LayoutDashboard aria-hidden="true" /> {m.account_menu_dashboard()}
        </a>
        <a href={paths.account} className={item}>
          <Settings aria-hidden="true" /> {m.account_menu_settings()}
        </a>
        <div className="my-1 h-px bg-border" />
        <button type="button" className={item} onClick={signOut}>
          <LogOut aria-hidden="true" /> {m.account_menu_sign_out()}
        </button>
      </>
    </DisclosureMenu>
  );
}
