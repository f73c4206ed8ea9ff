import { isAppPath } from "./lib/paths";
import "./index.css";

// The one entry, kept tiny: everything else (React included) is loaded by what the page needs.
if (isAppPath(window.location.pathname)) {
  // The signed-in app (auth, dashboard, pricing, account, admin) loads on demand and renders from scratch.
  void import("./app").then(({ startApp }) => startApp(document.getElementById("root")!));
} else {
  // A public page arrives prerendered and complete: its islands (header menus, cookie settings, consent
  // banner) load once the browser has painted it, so their script never delays the first paint or LCP
  // (decision 071). requestAnimationFrame runs before the next paint; the timeout, after it.
  requestAnimationFrame(() => setTimeout(() => void import("./public/islands").then(({ startPublicPage }) => startPublicPage())));
}
