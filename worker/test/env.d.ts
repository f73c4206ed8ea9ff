declare module "cloudflare:test" {
  // The test env is the worker's env (wrangler.toml bindings + vitest.config.ts testBindings + the file's test world).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ProvidedEnv extends Env {}
}

/** Vite's `?raw` import (tests only): a repository file's text, e.g. wrangler.toml in config-files.test.ts. */
declare module "*?raw" {
  const text: string;
  export default text;
}
