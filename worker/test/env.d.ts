declare module "cloudflare:test" {
  // The test env is the worker's env (wrangler.toml bindings + vitest.config.ts testBindings).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ProvidedEnv extends Env {}
}
