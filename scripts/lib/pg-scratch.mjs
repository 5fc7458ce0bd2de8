// Throwaway PostgreSQL databases for the crash test and the purchase bench: created on the server that
// TEST_DATABASE_URL (or a given URL) names, dropped afterwards, never touching the database the URL points at.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export async function createScratchDatabase(serverUrl, prefix) {
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** A pg client on the scratch database; node-postgres hands int8 and numeric back as strings, so callers cast to int. */
export async function connect(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}
