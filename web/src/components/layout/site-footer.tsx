import { Link } from "wouter";
import { CONTACT_EMAIL, paths } from "@/lib/paths";

export function SiteFooter() {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>© {new Date().getFullYear()} Headshot Studio</p>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-6 gap-y-2">
          <Link href={paths.privacy} className="hover:text-foreground">
            Privacy Policy
          </Link>
          <Link href={paths.terms} className="hover:text-foreground">
            Terms of Service
          </Link>
          <a href={`mailto:${CONTACT_EMAIL}`} className="hover:text-foreground">
            Contact
          </a>
        </nav>
      </div>
    </footer>
  );
}
