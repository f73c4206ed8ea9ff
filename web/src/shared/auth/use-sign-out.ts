import { useCallback } from "react";
import { useLocation } from "wouter";
import { errorText } from "@/api/client";
import { toast } from "@/components/ui/use-toast";
import { paths } from "@/lib/paths";
import { useAuth } from "./auth-context";

/** Sign out, toast the outcome (SPEC §8) and return to '/'. */
export function useSignOut() {
  const { signOut } = useAuth();
  const [, navigate] = useLocation();
  return useCallback(async () => {
    try {
      // Leave the protected page first, so it never sees a signed-out state and redirects to /auth.
      await signOut(() => navigate(paths.home));
      toast({ title: "Signed out", description: "You have been signed out successfully." });
    } catch (err) {
      toast({ variant: "destructive", title: "Sign out failed", description: errorText(err, "Please try again.") });
    }
  }, [signOut, navigate]);
}
