import { createRoot, hydrateRoot } from "react-dom/client";
import { PublicApp } from "./public/public-app";
import { isAppPath } from "./public/public-routes";
import "./index.css";

const root = document.getElementById("root")!;

// Public pages arrive prerendered: hydrate them with the public site alone. The signed-in app (auth,
// dashboard, pricing, account, admin) loads on demand and renders from scratch.
if (isAppPath(window.location.pathname)) {
  void import("./app").then(({ App }) => createRoot(root).render(<App />));
} else {
  hydrateRoot(root, <PublicApp path={window.location.pathname} />);
}
