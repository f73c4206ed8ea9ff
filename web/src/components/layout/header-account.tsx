import { Link } from "wouter";
import { ChevronDown, LayoutDashboard, LogOut, Settings, UserRound } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useAuth } from "@/shared/auth/auth-context";
import { useSignOut } from "@/shared/auth/use-sign-out";
import { paths } from "@/lib/paths";

/** Header actions: Sign In + Get Started when signed out; the Account menu when signed in. */
export function AccountArea() {
  const { status, user } = useAuth();
  const signOut = useSignOut();
  if (status === "loading") return <div className="h-10 w-40" aria-hidden="true" />;
  if (!user) {
    return (
      <>
        <Button asChild variant="ghost">
          <Link href={paths.auth}>Sign In</Link>
        </Button>
        <Button asChild>
          <Link href={paths.auth}>Get Started</Link>
        </Button>
      </>
    );
  }
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <UserRound aria-hidden="true" /> Account <ChevronDown aria-hidden="true" className="opacity-60" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="truncate font-normal">{user.email}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href={paths.dashboard}>
            <LayoutDashboard aria-hidden="true" /> Dashboard
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href={paths.account}>
            <Settings aria-hidden="true" /> Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" /> Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function MobileAccountArea({ onNavigate }: { onNavigate: () => void }) {
  const { user } = useAuth();
  const signOut = useSignOut();
  if (!user) {
    return (
      <>
        <Button asChild variant="outline" onClick={onNavigate}>
          <Link href={paths.auth}>Sign In</Link>
        </Button>
        <Button asChild onClick={onNavigate}>
          <Link href={paths.auth}>Get Started</Link>
        </Button>
      </>
    );
  }
  return (
    <>
      <p className="truncate px-3 text-sm text-muted-foreground">{user.email}</p>
      <Button asChild onClick={onNavigate}>
        <Link href={paths.dashboard}>Dashboard</Link>
      </Button>
      <Button asChild variant="outline" onClick={onNavigate}>
        <Link href={paths.account}>Settings</Link>
      </Button>
      <Button
        variant="ghost"
        onClick={() => {
          onNavigate();
          void signOut();
        }}
      >
        Sign Out
      </Button>
    </>
  );
}
