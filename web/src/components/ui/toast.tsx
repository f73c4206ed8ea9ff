import * as React from "react";
import * as ToastPrimitives from "@radix-ui/react-toast";
import { cva, type VariantProps } from "class-variance-authority";
import { X } from "lucide-react";
import { cn } from "@/lib/utils";
import { m } from "@/lib/copy";
import { styled } from "./styled";

export const ToastProvider = ToastPrimitives.Provider;

/** The elements the toasts keep below (the verification banner, the wizard's stepper), while mounted. */
const keptClear = new Set<HTMLElement>();

function placeToasts() {
  const root = document.documentElement;
  if (keptClear.size === 0) return root.style.removeProperty("--toasts-top");
  const bottom = Math.max(0, ...[...keptClear].map((el) => Math.round(el.getBoundingClientRect().bottom)));
  root.style.setProperty("--toasts-top", `${bottom}px`);
}

/**
 * Keeps the toasts (at the top right from sm up) below the element in `ref` while it is on screen, so a
 * notice at the top of the page stays readable and its button usable under a toast, and the wizard's
 * stepper stays visible (issue 35). Several elements: the toasts go below the lowest.
 */
export function useToastsBelow(ref: React.RefObject<HTMLElement | null>) {
  React.useEffect(() => {
    const el = ref.current;
    if (!el) return;
    keptClear.add(el);
    placeToasts();
    const resized = new ResizeObserver(placeToasts);
    resized.observe(el);
    window.addEventListener("scroll", placeToasts, { passive: true });
    window.addEventListener("resize", placeToasts);
    return () => {
      resized.disconnect();
      window.removeEventListener("scroll", placeToasts);
      window.removeEventListener("resize", placeToasts);
      keptClear.delete(el);
      placeToasts();
    };
  }, [ref]);
}

export const ToastViewport = styled(
  ToastPrimitives.Viewport,
  // Where toasts hide nothing important: on phones at the bottom (the verification banner and the
  // page title are at the top); from sm up at the top right, under the 4rem header, clear of the
  // wizard's and the result view's buttons, which sit at the bottom of their panels, and under
  // whatever `useToastsBelow` keeps uncovered (the verification banner) while it is on screen.
  "fixed inset-x-0 bottom-0 z-[100] flex max-h-screen w-full flex-col-reverse p-4 pb-[max(1rem,env(safe-area-inset-bottom))] sm:inset-x-auto sm:bottom-auto sm:right-0 sm:top-[max(4rem,var(--toasts-top,0px))] sm:flex-col md:max-w-[420px]",
);

const toastVariants = cva(
  "group pointer-events-auto relative flex w-full items-center justify-between gap-4 overflow-hidden rounded-lg border p-4 pr-8 shadow-lg transition-all data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]",
  {
    variants: {
      variant: {
        default: "border bg-background text-foreground",
        destructive: "destructive border-destructive bg-destructive text-destructive-foreground",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export function Toast({
  className,
  variant,
  ...props
}: React.ComponentProps<typeof ToastPrimitives.Root> & VariantProps<typeof toastVariants>) {
  return <ToastPrimitives.Root className={cn(toastVariants({ variant }), className)} {...props} />;
}

export const ToastAction = styled(
  ToastPrimitives.Action,
  "inline-flex h-8 shrink-0 items-center justify-center rounded-md border bg-transparent px-3 text-sm font-medium hover:bg-muted focus:outline-none focus-visible:ring-2 focus-visible:ring-ring group-[.destructive]:border-white/40 group-[.destructive]:hover:bg-white/10",
);

export function ToastClose({ className, ...props }: React.ComponentProps<typeof ToastPrimitives.Close>) {
  return (
    <ToastPrimitives.Close
      aria-label={m.common_close()}
      className={cn(
        "absolute right-2 top-2 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        className,
      )}
      toast-close=""
      {...props}
    >
      <X className="size-4" aria-hidden="true" />
    </ToastPrimitives.Close>
  );
}

export const ToastTitle = styled(ToastPrimitives.Title, "text-sm font-semibold");
export const ToastDescription = styled(ToastPrimitives.Description, "text-sm opacity-90");

export type ToastProps = React.ComponentPropsWithoutRef<typeof Toast>;
export type ToastActionElement = React.ReactElement<typeof ToastAction>;
