import { inject, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../../tests/pg-cluster.ts';
import { type Db, openPostgres } from './client.ts';

// Real PostgreSQL only: the pool of server/db/client.ts.
let db: Db;
let drop: () => Promise<void>;
beforeEach(async () => {
  const scratch = await createDatabase(inject('pgUrl'), 't');
  drop = scratch.drop;
  db = await openPostgres(scratch.url, 1);
});
afterEach(async () => {
  await db.close();
  await drop();
});

const backend = async () => (await db.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;

describe('the PostgreSQL pool keeps its connections', () => {
  it('keeps the connection after an error the server answered (a refused order is one)', async () => {
    const pid = await backend();
    await db.exec('create table once (id integer primary key)');
    await db.query('insert into once (id) values ($1)', [1]);
    await expect(db.query('insert into once (id) values ($1)', [1])).rejects.toMatchObject({ code: '23505' });
    await expect(db.query("select 1 / 0 as x where $1 = 'a'", ['a'])).rejects.toMatchObject({ code: '22012' });
    await expect(db.query('select * from no_such_table')).rejects.toMatchObject({ code: '42P01' });
    expect(await backend()).toBe(pid);
    // The connection is usable, outside any failed transaction, and its prepared statements still run.
    await db.query('insert into once (id) values ($1)', [2]);
    expect((await db.query<{ n: number }>('select count(*)::int as n from once')).rows[0]?.n).toBe(2);
  });

  it('drops a connection the server closed and answers the next statement on a new one', async () => {
    const pid = await backend();
    await expect(db.query('select pg_terminate_backend(pg_backend_pid())')).rejects.toBeTruthy();
    const next = await backend();
    expect(next).toBeTypeOf('number');
    expect(next).not.toBe(pid);
  });

  it('keeps the connection after a transaction that failed and rolled back', async () => {
    const pid = await backend();
    await expect(db.transaction((tx) => tx.query('select 1 / 0 as x where $1 = 1', [1]))).rejects.toMatchObject({ code: '22012' });
    expect(await backend()).toBe(pid);
    expect((await db.query<{ ok: number }>('select 1 as ok')).rows[0]?.ok).toBe(1);
  });
});
