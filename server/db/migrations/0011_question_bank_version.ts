import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../dialect';

// The questions list caches the rows of its unfiltered pages per client (questions/bank-pages.ts). For that
// cache to be exact, question_counts (0006) also keeps a `version` per client that moves, in the same
// transaction, with every change to what those pages show: a question inserted, deleted, moved to another
// client or changed in any column, and a category renamed (its name is in every row of its questions). The
// list reads it with the count on every request, so a change made through any process (another instance,
// a script, the database itself) is seen by the next page read anywhere. Client ids are never reused, so a
// (client, version) pair names one state of one bank for good.

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`alter table question_counts add column version integer not null default 0`.execute(db);
  for (const name of ['questions_count_insert', 'questions_count_delete', 'questions_count_move'])
    await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
  await sql`create trigger questions_count_insert after insert on questions begin
    insert into question_counts (client_id, count, version) values (new.client_id, 1, 1)
      on conflict (client_id) do update set count = count + 1, version = version + 1;
  end`.execute(db);
  await sql`create trigger questions_count_delete after delete on questions begin
    update question_counts set count = count - 1, version = version + 1 where client_id = old.client_id;
  end`.execute(db);
  await sql`create trigger questions_count_move after update of client_id on questions when old.client_id <> new.client_id begin
    update question_counts set count = count - 1, version = version + 1 where client_id = old.client_id;
    insert into question_counts (client_id, count, version) values (new.client_id, 1, 1)
      on conflict (client_id) do update set count = count + 1, version = version + 1;
  end`.execute(db);
  await sql`create trigger questions_bank_update after update on questions when old.client_id = new.client_id begin
    update question_counts set version = version + 1 where client_id = new.client_id;
  end`.execute(db);
  await sql`create trigger categories_bank_rename after update of name on categories when old.name is not new.name begin
    update question_counts set version = version + 1 where client_id in (old.client_id, new.client_id);
  end`.execute(db);
}

async function downSqlite(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'questions_count_insert',
    'questions_count_delete',
    'questions_count_move',
    'questions_bank_update',
    'categories_bank_rename',
  ])
    await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
  await sql`alter table question_counts drop column version`.execute(db);
  // 0006's triggers as they were.
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
  await sql`alter table question_counts add column version bigint not null default 0`.execute(db);
  await sql`create or replace function questions_count_follow() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old.client_id = new.client_id then
        update question_counts set version = version + 1 where client_id = new.client_id;
        return null;
      end if;
      if tg_op in ('DELETE', 'UPDATE') then
        update question_counts set count = count - 1, version = version + 1 where client_id = old.client_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into question_counts (client_id, count, version) values (new.client_id, 1, 1)
          on conflict (client_id) do update set count = question_counts.count + 1, version = question_counts.version + 1;
      end if;
      return null;
    end $$`.execute(db);
  // Every update now, not only of client_id: any column of a question is on the list's pages.
  await sql`drop trigger if exists questions_count on questions`.execute(db);
  await sql`create trigger questions_count after insert or delete or update on questions
    for each row execute function questions_count_follow()`.execute(db);
  await sql`create function categories_bank_rename() returns trigger language plpgsql as $$
    begin
      update question_counts set version = version + 1 where client_id in (old.client_id, new.client_id);
      return null;
    end $$`.execute(db);
  await sql`create trigger categories_bank_rename after update of name on categories
    for each row when (old.name is distinct from new.name) execute function categories_bank_rename()`.execute(db);
}

async function downPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists categories_bank_rename on categories`.execute(db);
  await sql`drop function if exists categories_bank_rename()`.execute(db);
  await sql`drop trigger if exists questions_count on questions`.execute(db);
  // 0006's function and trigger as they were.
  await sql`create or replace function questions_count_follow() returns trigger language plpgsql as $$
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
  await sql`alter table question_counts drop column version`.execute(db);
}

export function questionBankVersionMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await (dialect === 'postgres' ? upPostgres(db) : upSqlite(db));
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await (dialect === 'postgres' ? downPostgres(db) : downSqlite(db));
    },
  };
}
