/** The landing area's public module: the prerendered landing with the database's figures written in. */
export { forgetLandingFigures, refreshLandingFigures } from "./figures";
export { serveLanding } from "./serve";
export { exampleRoutes } from "./examples";
