import { useCallback } from "react";
import { m } from "@/lib/copy";
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
      toast({ title: m.dashboard_signed_out(), description: m.dashboard_signed_out_text() });
    } catch (err) {
      toast({
        variant: "destructive",
        title: m.dashboard_sign_out_failed(),
        description: errorText(err, m.dashboard_please_try_again()),
      });
    }
  }, [signOut, navigate]);
}
