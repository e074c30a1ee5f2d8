// A database of its own for a benchmark, on the PostgreSQL server at `server`: created empty,
// dropped afterwards (with the connections the benchmark left open).
import pg from 'pg';

async function run(server, sql) {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The URL of the database `name` on `server` (its user, host and options kept). */
export function databaseOn(server, name) {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates `name` on `server`; returns its URL and a function that drops it. */
export async function freshDatabase(server, name) {
  await run(server, `create database ${name}`);
  return { url: databaseOn(server, name), drop: () => dropDatabase(server, name) };
}

export function dropDatabase(server, name) {
  return run(server, `drop database if exists ${name} with (force)`);
}
