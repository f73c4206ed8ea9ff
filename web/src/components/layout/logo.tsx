import { paths } from "@/lib/paths";
import { clsx as cn } from "clsx";
import { publicHref } from "@/content/site";

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn("size-8", className)}>
      <rect width="64" height="64" rx="14" fill="currentColor" />
      <circle cx="32" cy="25" r="10" fill="#fff" />
      <path d="M14 52c2-10 9-15 18-15s16 5 18 15" fill="#fff" />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <a
      href={publicHref(paths.home)}
      className={cn(
        "inline-flex items-center gap-2 rounded-md font-semibold tracking-tight focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        className,
      )}
    >
      <LogoMark className="text-primary" />
      <span className="text-lg">Headshot Studio</span>
    </a>
  );
}
