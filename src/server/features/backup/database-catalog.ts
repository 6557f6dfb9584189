import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { BackupError } from './backup-format.ts';

/** Anything that runs SQL: the database or a transaction on it. */
export type Queryable = Pick<Db, 'execute'>;

export async function queryRows<Row>(db: Queryable, query: SQL): Promise<Row[]> {
  // Both drivers (node-postgres and PGlite) answer raw queries with `{ rows }`.
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

export interface CatalogTable {
  name: string;
  columns: { name: string; type: string }[];
  /** The primary key's single column, for paging through the table in order; null otherwise. */
  keyColumn: { name: string; type: string } | null;
}

/**
 * The app's tables as the database itself describes them (not schema.ts), so a database at an older
 * migration is read as it really is. Sorted so each table comes after the tables it references.
 */
export async function readCatalog(db: Queryable): Promise<CatalogTable[]> {
  const columns = await queryRows<{ table: string; column: string; type: string; key: boolean }>(
    db,
    sql`select c.relname as "table", a.attname as "column", format_type(a.atttypid, a.atttypmod) as "type",
          exists (select 1 from pg_index i where i.indrelid = c.oid and i.indisprimary
                  and i.indnkeyatts = 1 and i.indkey[0] = a.attnum) as "key"
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attgenerated = ''
        order by c.relname, a.attnum`,
  );
  const references = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select child.relname as "child", parent.relname as "parent"
        from pg_constraint k
        join pg_class child on child.oid = k.conrelid
        join pg_class parent on parent.oid = k.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where k.contype = 'f' and n.nspname = 'public'`,
  );
  const tables = new Map<string, CatalogTable>();
  for (const row of columns) {
    const table = tables.get(row.table) ?? { name: row.table, columns: [], keyColumn: null };
    const column = { name: row.column, type: row.type };
    table.columns.push(column);
    if (row.key) table.keyColumn = column;
    tables.set(row.table, table);
  }
  return inForeignKeyOrder([...tables.values()], references);
}

function inForeignKeyOrder(
  tables: CatalogTable[],
  references: { child: string; parent: string }[],
): CatalogTable[] {
  const ordered: CatalogTable[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const byName = new Map(tables.map((table) => [table.name, table]));
  const place = (table: CatalogTable) => {
    if (placed.has(table.name) || visiting.has(table.name)) return;
    visiting.add(table.name);
    for (const { child, parent } of references) {
      const parentTable = byName.get(parent);
      // A table referencing itself loads fine row by row only if parents come first; the app has none.
      if (child === table.name && parent !== table.name && parentTable) place(parentTable);
    }
    visiting.delete(table.name);
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name))) place(table);
  return ordered;
}

/**
 * Makes every value's text form exact and the same on any server: UTC timestamps with their
 * microseconds, ISO dates, hex bytea, shortest-exact floats. Local to the current transaction.
 */
export async function useExactTextForms(tx: Queryable): Promise<void> {
  await tx.execute(sql`select set_config('TimeZone', 'UTC', true), set_config('DateStyle', 'ISO, YMD', true),
    set_config('IntervalStyle', 'postgres', true), set_config('bytea_output', 'hex', true),
    set_config('extra_float_digits', '1', true)`);
}

export async function countRows(db: Queryable, table: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as "count" from ${sql.raw(quoteIdent(table))}`,
  );
  return row?.count ?? 0;
}

/** Sets every serial or identity sequence past the highest value its column now holds. */
export async function resetSequences(tx: Queryable): Promise<void> {
  const owned = await queryRows<{ table: string; column: string; sequence: string }>(
    tx,
    sql`select c.relname as "table", a.attname as "column",
          pg_get_serial_sequence(format('public.%I', c.relname), a.attname) as "sequence"
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where n.nspname = 'public' and c.relkind in ('r', 'p')
          and pg_get_serial_sequence(format('public.%I', c.relname), a.attname) is not null`,
  );
  for (const { table, column, sequence } of owned) {
    await tx.execute(
      sql`select setval(${sequence}, coalesce(max(${sql.raw(quoteIdent(column))}), 0) + 1, false)
          from ${sql.raw(quoteIdent(table))}`,
    );
  }
}

/**
 * Drops every table, enum type and function of the app and its migration history: the database is
 * blank after.
 */
export async function dropAppSchema(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const tables = await queryRows<{ name: string }>(
      tx,
      sql`select c.relname as "name" from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p')`,
    );
    const types = await queryRows<{ name: string }>(
      tx,
      sql`select t.typname as "name" from pg_type t join pg_namespace n on n.oid = t.typnamespace
          where n.nspname = 'public' and t.typtype = 'e'`,
    );
    for (const { name } of tables)
      await tx.execute(sql.raw(`drop table if exists public.${quoteIdent(name)} cascade`));
    const functions = await queryRows<{ name: string }>(
      tx,
      sql`select p.proname as "name" from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public' and p.prokind = 'f'
            and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
    );
    for (const { name } of types)
      await tx.execute(sql.raw(`drop type if exists public.${quoteIdent(name)} cascade`));
    for (const { name } of functions)
      await tx.execute(sql.raw(`drop function if exists public.${quoteIdent(name)} cascade`));
    await tx.execute(sql`drop table if exists drizzle.__drizzle_migrations`);
  });
}

export function assertTablesMatch(
  expected: { name: string; columns: { name: string }[] }[],
  actual: CatalogTable[],
) {
  const byName = new Map(actual.map((table) => [table.name, table]));
  for (const table of expected) {
    const target = byName.get(table.name);
    if (!target) throw new BackupError(`The backup has a table "${table.name}" this database does not have.`);
    const names = new Set(target.columns.map((column) => column.name));
    const missing = table.columns.filter((column) => !names.has(column.name)).map((column) => column.name);
    if (missing.length > 0) {
      throw new BackupError(
        `The backup's table "${table.name}" has columns this database lacks: ${missing.join(', ')}.`,
      );
    }
  }
}
