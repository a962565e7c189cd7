import { is, SQL, type Query } from 'drizzle-orm';
import { PgDatabase, PgDialect, PgSession, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/**
 * What a query builder hands its session when it is prepared: the SQL with its placeholders, the
 * fields its rows are mapped to, and how. Drizzle builds it on every call of a query (the `is()` checks
 * and string building the order-creation profile showed); a statement records it once.
 */
interface Recorded {
  query: Query;
  fields: unknown;
  arrayMode: boolean;
  mapper: unknown;
  joinsNotNullableMap?: Record<string, boolean>;
  setToken(token: unknown): Recorded;
}

/** A session that runs nothing: it only records what a builder asks it to prepare. */
class RecordingSession extends PgSession<PgQueryResultHKT> {
  // Drizzle's signature, by position: query, fields, name, isResponseInArrayMode, customResultMapper
  prepareQuery(query: Query, fields: unknown, _name: unknown, arrayMode: boolean, mapper?: unknown): never {
    const recorded: Recorded = { query, fields, arrayMode, mapper, setToken: () => recorded };
    return recorded as never;
  }

  transaction(): Promise<never> {
    throw new Error('statement: a recording session runs no transaction');
  }
}

const dialect = new PgDialect();
const recorder = new PgDatabase(dialect, new RecordingSession(dialect), undefined) as unknown as Db;
const names = new Set<string>();

type Preparable<R> = { prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> } };

/** Records a builder's statement, or a raw `sql` one (its answer is then the driver's own, `{ rows }`). */
function record(built: Preparable<unknown> | SQL, name: string): Recorded {
  if (!is(built, SQL)) return built.prepare(name) as unknown as Recorded;
  const recorded: Recorded = { query: dialect.sqlToQuery(built), fields: undefined, arrayMode: false, mapper: undefined, setToken: () => recorded };
  return recorded;
}

/**
 * A hot statement built once: `build` writes it with Drizzle's builders, `sql.placeholder('x')` where a
 * value goes, and the answer runs it on any database or transaction with `{ x: … }`, mapping its rows as
 * the builder would (a raw `sql` statement answers the driver's result). On PostgreSQL it is a named prepared statement (parsed and planned once per
 * connection); PGlite runs it as a plain query. `name` is the statement's name on the server, so it is
 * unique in the process.
 */
export function statement<R>(name: string, build: (db: Db) => Preparable<R> | SQL): (db: Db, values?: Record<string, unknown>) => Promise<R> {
  if (names.has(name)) throw new Error(`statement: the name ${name} is taken`);
  names.add(name);
  let recorded: Recorded | undefined;
  return (db, values = {}) => {
    recorded ??= record(build(recorder), name);
    const session = db._.session;
    const prepared = session.prepareQuery(recorded.query, recorded.fields as never, name, recorded.arrayMode, recorded.mapper as never);
    // a select's map of which joined tables may be null (Drizzle's own, set by its builder likewise)
    if (recorded.joinsNotNullableMap) Object.assign(prepared, { joinsNotNullableMap: recorded.joinsNotNullableMap });
    return prepared.execute(values) as Promise<R>;
  };
}
