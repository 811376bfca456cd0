import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../dialect';

// The questions list answers `count` on every page. Counting a client's questions walked its whole
// (client_id, id) index on each request (5,000 questions: about a third of the server's time per page).
// question_counts keeps that number per client, maintained by triggers in the same transaction as each
// insert or delete (and a move to another client), so it is exact for every process that writes.

const BACKFILL = sql`insert into question_counts (client_id, count) select client_id, count(*) from questions group by client_id`;

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`create table question_counts (client_id integer primary key references clients (id) on delete cascade, count integer not null)`.execute(
    db,
  );
  await BACKFILL.execute(db);
  await sql`create trigger questions_count_insert after insert on questions begin
    insert into question_counts (client_id, count) values (new.client_id, 1)
      on conflict (client_id) do update set count = count + 1;
  end`.execute(db);
  await sql`create trigger questions_count_delete after delete on questions begin
    update question_counts set count = count - 1 where client_id = old.client_id;
  end`.execute(db);
  await sql`create trigger questions_count_move after update of client_id on questions when old.client_id <> new.client_id begin
    update question_counts set count = count - 1 where client_id = old.client_id;
    insert into question_counts (client_id, count) values (new.client_id, 1)
      on conflict (client_id) do update set count = count + 1;
  end`.execute(db);
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`create table question_counts (client_id bigint primary key references clients (id) on delete cascade, count bigint not null)`.execute(
    db,
  );
  await BACKFILL.execute(db);
  await sql`create function questions_count_follow() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old.client_id = new.client_id then return null; end if;
      if tg_op in ('DELETE', 'UPDATE') then
        update question_counts set count = count - 1 where client_id = old.client_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into question_counts (client_id, count) values (new.client_id, 1)
          on conflict (client_id) do update set count = question_counts.count + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger questions_count after insert or delete or update of client_id on questions
    for each row execute function questions_count_follow()`.execute(db);
}

export function questionCountsMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await (dialect === 'postgres' ? upPostgres(db) : upSqlite(db));
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'postgres') {
        await sql`drop trigger if exists questions_count on questions`.execute(db);
        await sql`drop function if exists questions_count_follow()`.execute(db);
      } else {
        for (const name of ['questions_count_insert', 'questions_count_delete', 'questions_count_move'])
          await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
      }
      await sql`drop table if exists question_counts`.execute(db);
    },
  };
}
