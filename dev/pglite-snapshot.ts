/**
 * Putting an embedded database back the way a fresh copy of the template has it, so the test worlds reuse one
 * PGlite for file after file (dev/test-worlds.ts, decision 003). Starting a PGlite from the template's dump
 * costs ~0.9 CPU-s on these machines (untar 42 MB into its memory file system, then Postgres starting), in the
 * vitest process that also serves workerd: ~65 of its 157 busy seconds in a run of the worker tests
 * (profiled 2026-11-28). Putting one back takes a few milliseconds.
 *
 * What a fresh copy has, and a reset restores: the rows of every table (the template's own rows, if any, put
 * back with triggers off: they are what the triggers made the first time), every sequence's position, and a
 * session with nothing left in it (`discard all`: prepared statements, temporary tables, settings, listeners).
 * What a reset cannot put back is the schema: a test that creates a trigger or alters a table leaves a
 * database that is not the template any more. The reset compares the schema's fingerprint with the template's
 * and refuses (returns false); the caller throws that database away.
 */
import type { PGlite } from "@electric-sql/pglite";

/** What a fresh copy of the template holds (taken once, from the template itself). */
export interface DatabaseSnapshot {
  schema: string;
  /** Every table the tests may write (qualified, quoted): all but the migrations' own bookkeeping. */
  tables: string[];
  /** The template's rows, as JSON, of the tables that have any. */
  rows: { table: string; columns: string; json: string }[];
  sequences: { name: string; value: string; called: boolean }[];
}

/** Schemas a reset leaves alone: the system's, and drizzle's record of the migrations applied. */
const KEPT = `('pg_catalog', 'information_schema', 'pg_toast', 'drizzle')`;
const OURS = `n.nspname not in ${KEPT} and n.nspname not like 'pg\\_%'`;

/**
 * One line per schema object a test could add, drop or change: relations and their columns and defaults,
 * constraints, triggers (and whether they are enabled), functions and their bodies, types and enum labels,
 * schemas, extensions, and settings made to last (`alter database/role … set`).
 */
const FINGERPRINT = `
select md5(coalesce(string_agg(line, E'\\n' order by line), '')) as fingerprint from (
  select 'rel ' || c.oid::regclass::text || ' ' || c.relkind::text || ' ' || c.relrowsecurity::text as line
    from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${OURS}
  union all
  select 'col ' || a.attrelid::regclass::text || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
         || ' ' || a.attnotnull::text || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where ${OURS} and a.attnum > 0 and not a.attisdropped
  union all
  select 'con ' || conrelid::regclass::text || ' ' || pg_get_constraintdef(co.oid)
    from pg_constraint co join pg_namespace n on n.oid = co.connamespace where ${OURS}
  union all
  select 'trg ' || tgrelid::regclass::text || ' ' || tgname || ' ' || tgenabled::text from pg_trigger t where not tgisinternal
  union all
  select 'fn ' || p.oid::regprocedure::text || ' ' || md5(p.prosrc)
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${OURS}
  union all
  select 'type ' || t.oid::regtype::text || ' ' || coalesce(e.enumlabel, '')
    from pg_type t join pg_namespace n on n.oid = t.typnamespace left join pg_enum e on e.enumtypid = t.oid
    where ${OURS}
  union all
  select 'schema ' || nspname from pg_namespace n where ${OURS}
  union all
  select 'ext ' || extname || ' ' || extversion from pg_extension
  union all
  select 'set ' || array_to_string(setconfig, ',') from pg_db_role_setting
) objects`;

async function fingerprint(pg: PGlite) {
  return (await pg.query<{ fingerprint: string }>(FINGERPRINT)).rows[0]!.fingerprint;
}

/** Takes the snapshot a reset restores. Call it on the template, before anything else has used it. */
export async function snapshotOf(pg: PGlite): Promise<DatabaseSnapshot> {
  const tables = (
    await pg.query<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and ${OURS} order by 1`,
    )
  ).rows.map((r) => r.name);
  const rows: DatabaseSnapshot["rows"] = [];
  for (const table of tables) {
    const { json } = (await pg.query<{ json: string | null }>(`select json_agg(t)::text as json from ${table} t`)).rows[0]!;
    if (json === null) continue;
    // Generated columns are computed again on insert; naming them would be refused.
    const { columns } = (
      await pg.query<{ columns: string }>(
        `select string_agg(quote_ident(attname), ', ' order by attnum) as columns from pg_attribute
         where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''`,
        [table],
      )
    ).rows[0]!;
    rows.push({ table, columns, json });
  }
  const sequences = (
    await pg.query<{ name: string; value: string; called: boolean }>(
      `select format('%I.%I', schemaname, sequencename) as name,
              coalesce(last_value, start_value)::text as value, last_value is not null as called
       from pg_sequences where schemaname not in ${KEPT}`,
    )
  ).rows;
  return { schema: await fingerprint(pg), tables, rows, sequences };
}

/**
 * Puts the database back to `to`. Whoever calls it holds the session: no client may be connected. Returns
 * false, changing nothing, when the schema is no longer the template's.
 */
export async function resetTo(pg: PGlite, to: DatabaseSnapshot): Promise<boolean> {
  if (pg.isInTransaction()) await pg.exec("rollback");
  await pg.exec("discard all");
  if ((await fingerprint(pg)) !== to.schema) return false;
  await pg.transaction(async (tx) => {
    if (to.tables.length) await tx.exec(`truncate ${to.tables.join(", ")} restart identity`);
    // Rows as the template has them, with the triggers that made them (day totals) off: their effects are rows too.
    await tx.exec("set local session_replication_role = replica");
    for (const { table, columns, json } of to.rows) {
      await tx.query(
        `insert into ${table} (${columns}) overriding system value
         select ${columns} from json_populate_recordset(null::${table}, $1)`,
        [json],
      );
    }
    for (const { name, value, called } of to.sequences) {
      await tx.query("select setval($1::regclass, $2::bigint, $3)", [name, value, called]);
    }
  });
  return true;
}
