/**
 * vitest globalSetup for the node project: the blank PGlite its database tests start from (dev/postgres.ts
 * `blankDataDir`), made before they run. On a fresh clone the files would otherwise each run initdb at the
 * same moment (~5.6 CPU-s each), every one finding no dump yet.
 */
import { blankDataDir } from "./postgres";

export default async function setup() {
  await blankDataDir();
}
