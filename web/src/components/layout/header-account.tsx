import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { paths } from "@/lib/paths";

/** Signed-out actions (the signed-in Account menu arrives with auth). */
export function AccountArea() {
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

export function MobileAccountArea({ onNavigate }: { onNavigate: () => void }) {
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
