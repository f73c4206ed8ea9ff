import { isAppPath } from "./lib/paths";
import { rememberLocaleOnClick } from "./lib/locale-choice";
import { takeOverClicks } from "./public/wake";
import { pixel } from "./shared/pixel/pixel";
import "./index.css";

// The one entry, kept tiny: everything else (React included) is loaded by what the page needs.
const app = isAppPath(window.location.pathname);
// Consent buttons work on every page in plain DOM; a public page's islands wake on their first click.
takeOverClicks({ islands: !app });
// A language link of the header's switcher keeps the choice in the `locale` cookie on its way (issue 50).
document.addEventListener("click", (e) => rememberLocaleOnClick(e.target), { capture: true });
if (app) {
  // The signed-in app (auth, dashboard, pricing, account, admin) loads on demand and renders from scratch.
  void import("./app").then(({ startApp }) => startApp(document.getElementById("root")!));
} else {
  // A public page arrives prerendered and complete, and runs no framework code until the visitor clicks
  // one of its islands' buttons (decision 120). Each public page is its own document: its load is the
  // route change that counts as a PageView (sent only with consent).
  pixel.pageView();
}
