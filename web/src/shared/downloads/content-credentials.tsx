/**
 * "Content Credentials: made with AI" (issue 48, decision 320): every picture we deliver — PNG, WebP and, since
 * decision 344, TIFF — carries a signed C2PA manifest saying a trained model made it (and which model: decision
 * 343); anyone can check a download on the public verify page.
 */
import { ShieldCheck } from "lucide-react";
import { m } from "@/lib/copy";
import { rich } from "@/shared/words/rich";

export const VERIFY_PAGE = "https://contentcredentials.org/verify";

export function ContentCredentialsLine() {
  return (
    <p className="flex items-start gap-1.5 text-xs text-muted-foreground" data-testid="content-credentials">
      <ShieldCheck className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span>
        {rich(m.generator_credentials, {
          link: (
            <a href={VERIFY_PAGE} target="_blank" rel="noopener noreferrer" className="underline underline-offset-2 hover:text-foreground">
              {m.generator_credentials_link()}
            </a>
          ),
        })}
      </span>
    </p>
  );
}
