/** The landing area's public module: the prerendered landing (and the business page, decision 289) with the database's figures written in. */
export { forgetLandingFigures, refreshLandingFigures } from "./figures";
export { LIVE_PAGES, serveLivePage } from "./serve";
export { firstVisitRedirect, withFirstVisitVary } from "./first-visit";
export { exampleRoutes } from "./examples";
