import { useId, useState, type FormEvent } from "react";
import { useLocation, useSearch } from "wouter";
import { PageTitle } from "@/components/layout/page-title";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { toast } from "@/components/ui/use-toast";
import { errorText } from "@/api/client";
import { MINIMUM_AGE, PASSWORD_MIN_LENGTH } from "@/lib/domain";
import { m } from "@/lib/copy";
import { rich } from "@/shared/words/rich";
import { apiPaths, paths, safeNext } from "@/lib/paths";
import { useAuth } from "@/shared/auth/auth-context";
import { NewPasswordFields, newPasswordState } from "@/shared/auth/password-fields";
import { rememberNext } from "@/shared/auth/pending-next";

function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path fill="#FBBC05" d="M5.84 14.1a6.6 6.6 0 0 1 0-4.2V7.06H2.18a11 11 0 0 0 0 9.88l3.66-2.84z" />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.5 10.5 0 0 0 12 1 11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z"
      />
    </svg>
  );
}

/**
 * Browser navigation to the server's Google sign-in (it redirects back to /oauth/callback). From the Sign Up
 * tab the age and terms confirmation travels with it (`?terms=accepted`); the server needs it to create
 * an account. A team link's page this sign-in started from is kept for the way back (pending-next.ts).
 */
function continueWithGoogle(termsAccepted: boolean, next: string | null) {
  rememberNext(next);
  try {
    window.location.assign(termsAccepted ? `${apiPaths.googleSignIn}?terms=accepted` : apiPaths.googleSignIn);
  } catch (err) {
    toast({ variant: "destructive", title: m.auth_google_failed(), description: errorText(err, m.auth_please_try_again()) });
  }
}

/**
 * The submit of both forms: busy while `action` runs, then the success toast and /dashboard (SPEC §4),
 * or the failure toast with the server's message (SPEC §8) and the form usable again.
 */
function useAuthSubmit() {
  const [, navigate] = useLocation();
  const next = safeNext(new URLSearchParams(useSearch()).get("next"));
  const [busy, setBusy] = useState(false);
  async function run(
    action: () => Promise<unknown>,
    success: { title: string; description: string },
    failure: { title: string; fallback: string },
  ) {
    setBusy(true);
    try {
      await action();
      toast(success);
      navigate(next ?? paths.dashboard);
    } catch (err) {
      toast({ variant: "destructive", title: failure.title, description: errorText(err, failure.fallback) });
      setBusy(false);
    }
  }
  return { busy, run, next };
}

function LoginForm() {
  const { signIn } = useAuth();
  const { busy, run } = useAuthSubmit();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const id = useId();

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void run(
      () => signIn(email.trim(), password),
      { title: m.auth_welcome_back(), description: m.auth_signed_in() },
      { title: m.auth_sign_in_failed(), fallback: m.auth_check_email_password() },
    );
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4" aria-label={m.auth_sign_in_form()}>
      <EmailField id={`${id}-email`} value={email} onChange={setEmail} />
      <div className="grid gap-2">
        <Label htmlFor={`${id}-password`}>{m.auth_password()}</Label>
        <Input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? m.auth_signing_in() : m.auth_sign_in()}
      </Button>
      {/* After the password and the button, so Tab goes email → password → Sign In (issue 35). */}
      <a
        href={paths.authForgot}
        className="justify-self-center text-sm font-medium text-muted-foreground underline underline-offset-2 hover:text-foreground"
      >
        {m.auth_forgot_password_link()}
      </a>
    </form>
  );
}

/** The email field both forms share. */
function EmailField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{m.auth_email()}</Label>
      <Input
        id={id}
        type="email"
        autoComplete="email"
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={m.auth_email_placeholder()}
      />
    </div>
  );
}

/** The 13+ and terms confirmation (SPEC §1): required for a password sign-up and a Google sign-up. */
export function TermsConfirmation({ id, checked, onChange }: { id: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        required
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-[var(--color-primary)]"
      />
      <label htmlFor={id} className="text-sm leading-snug text-muted-foreground">
        {rich((marks) => m.auth_terms_confirm({ age: MINIMUM_AGE, ...marks }), {
          terms: (
            <a href={paths.terms} className="font-medium text-foreground underline underline-offset-2" target="_blank" rel="noopener">
              {m.auth_terms_of_service()}
            </a>
          ),
          privacy: (
            <a href={paths.privacy} className="font-medium text-foreground underline underline-offset-2" target="_blank" rel="noopener">
              {m.auth_privacy_policy()}
            </a>
          ),
        })}
      </label>
    </div>
  );
}

export function SignUpForm({ accepted, onAcceptedChange }: { accepted: boolean; onAcceptedChange: (accepted: boolean) => void }) {
  const { signUp } = useAuth();
  const { busy, run, next } = useAuthSubmit();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const id = useId();
  const { mismatch, tooShort } = newPasswordState(password, confirm);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (password !== confirm || password.length < PASSWORD_MIN_LENGTH || !accepted) return;
    void run(
      () => signUp(email.trim(), password, accepted, next),
      { title: m.auth_success(), description: m.auth_account_created() },
      { title: m.auth_sign_up_failed(), fallback: m.auth_please_try_again() },
    );
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4" aria-label={m.auth_sign_up_form()}>
      <EmailField id={`${id}-email`} value={email} onChange={setEmail} />
      <NewPasswordFields
        id={id}
        label={m.auth_password()}
        confirmLabel={m.auth_confirm_password()}
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
      />
      <TermsConfirmation id={`${id}-terms`} checked={accepted} onChange={onAcceptedChange} />
      <Button type="submit" disabled={busy || mismatch || tooShort} className="w-full">
        {busy ? m.auth_creating_account() : m.auth_create_account_button()}
      </Button>
    </form>
  );
}

type Tab = "login" | "signup";

export function AuthTabs({ defaultTab = "login" }: { defaultTab?: Tab }) {
  const [tab, setTab] = useState<Tab>(defaultTab);
  const [accepted, setAccepted] = useState(false);
  const [needsTerms, setNeedsTerms] = useState(false);
  const next = new URLSearchParams(useSearch()).get("next");

  function google() {
    if (tab === "signup" && !accepted) {
      setNeedsTerms(true);
      return;
    }
    continueWithGoogle(tab === "signup" && accepted, next);
  }

  return (
    <div className="grid gap-6">
      <PageTitle>{tab === "signup" ? m.auth_sign_up() : m.auth_sign_in()}</PageTitle>
      <Tabs value={tab} onValueChange={(v) => setTab(v === "signup" ? "signup" : "login")}>
        <TabsList className="grid w-full grid-cols-2">
          <TabsTrigger value="login">{m.auth_login_tab()}</TabsTrigger>
          <TabsTrigger value="signup">{m.auth_sign_up()}</TabsTrigger>
        </TabsList>
        <TabsContent value="login">
          <LoginForm />
        </TabsContent>
        <TabsContent value="signup">
          <SignUpForm
            accepted={accepted}
            onAcceptedChange={(v) => {
              setAccepted(v);
              if (v) setNeedsTerms(false);
            }}
          />
        </TabsContent>
      </Tabs>
      <div className="relative text-center text-xs uppercase text-muted-foreground">
        <span className="absolute inset-x-0 top-1/2 h-px bg-border" aria-hidden="true" />
        <span className="relative bg-card px-2">{m.auth_or()}</span>
      </div>
      <Button variant="outline" className="w-full" onClick={google}>
        <GoogleIcon /> {m.auth_continue_with_google()}
      </Button>
      {needsTerms && (
        <p role="alert" className="-mt-3 text-center text-sm text-destructive">
          {m.auth_terms_required({ age: MINIMUM_AGE })}
        </p>
      )}
    </div>
  );
}
