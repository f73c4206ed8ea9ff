import { useEffect } from "react";
import { useLocation, useSearch } from "wouter";
import { useCheckoutReturn } from "@/features/billing/use-billing-returns";
import { VerifyBeforeGenerating } from "@/features/auth/verify-email-banner";
import { Gallery } from "@/features/gallery/gallery";
import { HeadshotView } from "@/features/generator/headshot-view";
import { useWizard } from "@/features/generator/use-wizard";
import { Wizard } from "@/features/generator/wizard";
import { ShootView } from "@/features/generator/shoot-view";
import type { ApiHeadshot } from "@/lib/domain";
import { paths } from "@/lib/paths";
import { m } from "@/lib/copy";
import { FocusMemory } from "@/lib/use-heading-focus";
import { styleFromSlug, takePendingStyle } from "@/shared/auth/pending-style";
import { AppShell } from "./app-shell";

/**
 * Which view the URL asks for (decision 102): /dashboard the wizard, ?view=gallery the gallery,
 * ?headshot=ID one headshot (generating, its result, its failure), so reloading or sharing lands there.
 */
function useDashboardView() {
  const search = new URLSearchParams(useSearch());
  const headshotId = search.get("headshot");
  if (headshotId) return { view: "headshot" as const, headshotId, shootId: null };
  const shootId = search.get("shoot");
  if (shootId) return { view: "shoot" as const, headshotId: null, shootId };
  return { view: search.get("view") === "gallery" ? ("gallery" as const) : ("generate" as const), headshotId: null, shootId: null };
}

export function DashboardPage() {
  const { view, headshotId, shootId } = useDashboardView();
  const [, navigate] = useLocation();
  const search = useSearch();
  const { state, dispatch } = useWizard();
  useCheckoutReturn();

  // A style chosen on an audience page (?style=slug here, or kept by /auth): preselected once.
  useEffect(() => {
    const fromUrl = new URLSearchParams(search).get("style");
    const style = styleFromSlug(fromUrl) ?? takePendingStyle();
    if (style) dispatch({ type: "preselect", style });
    if (fromUrl !== null) navigate(paths.dashboard, { replace: true });
  }, [search, dispatch, navigate]);

  const actions = {
    onTryAgain: (h: ApiHeadshot) => {
      dispatch({ type: "retry", id: h.id, style: h.style, gender: h.gender });
      navigate(paths.dashboard);
    },
    onNew: () => {
      dispatch({ type: "reset" });
      navigate(paths.dashboard);
    },
    onGallery: () => navigate(paths.gallery),
    onOpen: (id: string) => {
      navigate(paths.headshot(id));
      window.scrollTo({ top: 0 });
    },
  };

  return (
    <AppShell
      title={view === "gallery" ? m.dashboard_my_gallery() : m.dashboard_generate_new()}

      section={view === "gallery" ? "gallery" : "generate"}
      // Mid-wizard, "Generate New" keeps the choices; once a generation started, the wizard had started over.
      onView={(v) => navigate(v === "gallery" ? paths.gallery : paths.dashboard)}
    >
      <FocusMemory>
        {view === "generate" && (
          <Wizard
            state={state}
            dispatch={dispatch}
            onStarted={(id) => navigate(paths.headshot(id))}
            onShootStarted={(id) => navigate(paths.shoot(id))}
            firstStepNotice={<VerifyBeforeGenerating />}
          />
        )}
        {view === "shoot" && shootId && (
          <ShootView
            key={shootId}
            id={shootId}
            actions={{ onOpen: (id) => navigate(paths.headshot(id)), onNew: actions.onNew, onGallery: actions.onGallery }}
          />
        )}
        {view === "headshot" && headshotId && <HeadshotView key={headshotId} id={headshotId} actions={actions} />}
        {view === "gallery" && (
          <Gallery
            onOpen={(h) => {
              navigate(paths.headshot(h.id));
              window.scrollTo({ top: 0 });
            }}
            onTryAgain={actions.onTryAgain}
            onCreate={() => navigate(paths.dashboard)}
          />
        )}
      </FocusMemory>
    </AppShell>
  );
}
