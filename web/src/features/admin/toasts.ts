import { errorText } from "@/api/client";
import { toast } from "@/components/ui/use-toast";

type Said = { title: string; description: string };

/** What a toast says of something the operator put on the home page or took off it (pictures, testimonials). */
export const homePage = { on: "It will appear on the home page.", off: "It is no longer shown on the home page." };

/** A step that failed (SPEC §8): a red "Error" toast with the server's reason, or `fallback` when it gave none. */
export function toastError(err: unknown, fallback: string) {
  toast({ variant: "destructive", title: "Error", description: errorText(err, fallback) });
}

/** A mutation's two answers as toasts: `done` (or what it makes of the result) when it succeeds, `toastError` when not. */
export function toastOutcome<T>(done: Said | ((result: T) => Said), failed: string) {
  return {
    onSuccess: (result: T) => toast(typeof done === "function" ? done(result) : done),
    onError: (err: unknown) => toastError(err, failed),
  };
}
