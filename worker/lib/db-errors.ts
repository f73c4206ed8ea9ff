/** Postgres errors a route answers with a 4xx instead of a 500 (drizzle wraps the driver's error as `cause`). */
const code = (err: unknown): string | undefined => {
  for (let e = err; e instanceof Error; e = e.cause) {
    const c = (e as { code?: unknown }).code;
    if (typeof c === "string") return c;
  }
  return undefined;
};

/** A row referring to one that no longer exists (e.g. an upload racing the deletion of its account). */
export const isForeignKeyViolation = (err: unknown) => code(err) === "23503";

/** A unique value taken by a concurrent write (e.g. two accounts claiming one address). */
export const isUniqueViolation = (err: unknown) => code(err) === "23505";
