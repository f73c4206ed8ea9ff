import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Logo } from "@/components/layout/logo";
import { PageTitle } from "@/components/layout/page-title";

/**
 * The sign-in pages' frame: the logo, then one card with a heading, a line under it and the content. Without
 * `title` the page names itself (/auth's title follows its tab).
 */
export function AuthCardLayout({
  title,
  heading,
  description,
  children,
}: {
  title?: string;
  heading: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-[radial-gradient(ellipse_at_top,var(--color-accent),transparent_60%)]">
      {title && <PageTitle>{title}</PageTitle>}
      <header className="mx-auto w-full max-w-6xl px-4 py-5 sm:px-6">
        <Logo />
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pb-16 pt-6 sm:pt-12">
        <Card className="w-full max-w-md">
          <CardHeader className="text-center">
            <h1 className="text-2xl font-semibold leading-tight tracking-tight">{heading}</h1>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">{children}</CardContent>
        </Card>
      </main>
    </div>
  );
}
