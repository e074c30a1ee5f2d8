// The data of `npm run bench:scale`, written with set-based SQL (INSERT ... SELECT generate_series):
// members, servers, the coin ledger, tickets with their messages and the audit log, at the sizes of
// issue #15 times BENCH_SCALE. Ids are derived from the row number (md5 of it) so rows can point at
// each other without a lookup. Plain indexes are dropped while the rows go in and built afterwards
// (the usual bulk-load order: one sorted build instead of millions of random inserts).
import type pg from 'pg';

export interface Sizes {
  members: number;
  servers: number;
  ledger: number;
  /** Ledger lines of the one member whose coin history is measured (part of `ledger`). */
  focalLines: number;
  tickets: number;
  messagesPerTicket: number;
  audit: number;
}

export function sizes(scale: number): Sizes {
  const n = (x: number) => Math.max(1, Math.round(x * scale));
  return {
    members: n(1_000_000),
    servers: n(100_000),
    ledger: n(10_000_000),
    focalLines: n(100_000),
    tickets: n(200_000),
    messagesPerTicket: 5,
    audit: n(100_000),
  };
}

/**
 * The member ids: the same (version 4 shaped) uuid for member number i everywhere. An expression
 * with random() must mention the row (`+ i * 0`): an uncorrelated subquery is evaluated only once.
 */
export const memberId = (i: string) =>
  `(select overlay(overlay(h placing '4' from 13) placing '8' from 17)::uuid from md5('m' || (${i})::text) h)`;
/** Member numbers 1..STAFF are staff (support role); the rest are members. */
export const STAFF = 20;
/** The member whose coin history holds `focalLines` lines. */
export const FOCAL = 50;
/** Member number i is an account in good standing: not banned (i % 97) nor deleted (i % 211). */
export const inGoodStanding = (i: number) => i % 97 !== 0 && i % 211 !== 0;

const BIG_TABLES = ['users', 'servers', 'server_queue', 'coin_ledger', 'tickets', 'ticket_messages', 'audit_log'];

type Step = (label: string, statement: string, params?: unknown[]) => Promise<void>;

export async function seed(
  client: pg.Client,
  s: Sizes,
  passwordHash: string,
  log: (line: string) => void,
): Promise<void> {
  const step: Step = async (label, statement, params) => {
    const started = performance.now();
    await client.query(statement, params);
    log(`  ${label.padEnd(44)} ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`);
  };
  await client.query(`set maintenance_work_mem = '512MB'`);
  await client.query('set synchronous_commit = off');
  // Foreign-key and counter triggers off while loading (needs a superuser; without one, slower but the same).
  const replica = await client.query(`set session_replication_role = replica`).then(
    () => true,
    () => false,
  );
  if (!replica) log('  (not a superuser: foreign-key triggers stay on while loading, which is slower)');

  // Plain indexes (not those behind a primary key or unique constraint) of the big tables, as migrated.
  const { rows: indexes } = await client.query<{ name: string; def: string }>(
    `select i.indexname as name, i.indexdef as def from pg_indexes i
     where i.schemaname = 'public' and i.tablename = any($1)
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [BIG_TABLES],
  );
  for (const i of indexes) await client.query(`drop index "${i.name}"`);

  await step(
    'catalogue, departments',
    `insert into locations (name) values ('Bench location');
     insert into egg_categories (name) values ('Bench nest');
     insert into eggs (name, category_id) select 'Bench egg', id from egg_categories limit 1;
     insert into departments (name) values ('General'), ('Billing'), ('Technical'), ('Abuse')
       on conflict (name) do nothing;`,
  );

  const roleId = async (name: string) =>
    (await client.query<{ id: number }>('select id from roles where name = $1', [name])).rows[0]!.id;
  const [member, support, administrator] = [
    await roleId('member'),
    await roleId('support'),
    await roleId('administrator'),
  ];
  const N = s.members;
  await step(
    `${N.toLocaleString('en')} members`,
    `insert into users (id, username, email, first_name, last_name, password_hash, role_id, coins, afk_minutes,
       referral_code, referred_by, support_pin, banned, public_profile, deleted_at, email_verified_at,
       first_ip, last_ip, first_seen_at, last_seen_at, created_at, updated_at)
     select ${memberId('i')}, 'member' || i,
       'member' || i || '@' || (array['gmail.com','yahoo.com','outlook.com','proton.me','example.org','mail.ru','gmx.de','hotmail.fr'])[1 + i % 8],
       'Member', 'Number ' || i, $1,
       case when i <= ${STAFF} then $2::int else $3::int end,
       -- Skewed balances: most members hold little, a few hold a lot.
       floor(exp(random() * 13))::int - 1,
       floor(power(random(), 3) * 50000)::int,
       'R' || i,
       -- One in five was referred, mostly by early members (a few referrers bring many).
       case when i > 100 and random() < 0.2 then ${memberId('1 + floor(power(random(), 3) * (i - 1))::int')} end,
       -- About 1 % banned and 0.5 % deleted, picked by number so that the bench knows who is not.
       '000000', i % 97 = 0, random() < 0.95,
       case when i % 211 = 0 then now() end,
       case when random() < 0.8 then now() end,
       ip.first, case when random() < 0.7 then ip.first else ip.other end,
       at, at + (now() - at) * random(), at, at
     from generate_series(1, ${N}) i,
       lateral (select now() - interval '730 days' * (1 - i::float8 / ${N}) as at) t,
       lateral (select
         (1 + floor(random() * 222 + i * 0))::int || '.' || floor(random() * 256)::int || '.' || floor(random() * 256)::int || '.' || floor(random() * 256)::int as first,
         (1 + floor(random() * 222 + i * 0))::int || '.' || floor(random() * 256)::int || '.' || floor(random() * 256)::int || '.' || floor(random() * 256)::int as other) ip`,
    [passwordHash, support, member],
  );
  await client.query(
    `insert into users (username, email, first_name, last_name, password_hash, role_id, referral_code, support_pin, email_verified_at)
     values ('benchadmin', 'benchadmin@bench.example', 'Bench', 'Admin', $1, $2, 'BENCHADMIN', '000000', now())`,
    [passwordHash, administrator],
  );

  // Servers: owned by about a tenth of the members, a few of them owning many.
  const S = s.servers;
  const owners = Math.max(1, Math.round(N / 10));
  await step(
    `${S.toLocaleString('en')} servers`,
    `insert into servers (owner_id, name, location_id, egg_id, memory, cpu, disk, ports, databases, backups, status,
       panel_server_id, panel_key, created_at)
     select ${memberId(`1 + ${STAFF} + floor(power(random(), 2) * ${owners})::int + i * 0`)}, 'Server ' || i,
       (select id from locations limit 1), (select id from eggs limit 1), 1024, 100, 4096, 1, 0, 0,
       (array['active','active','active','active','suspended','installing'])[1 + i % 6],
       i, 'bench', now() - interval '700 days' * (1 - i::float8 / ${S})
     from generate_series(1, ${S}) i`,
  );
  // Each server's request, built the day the server was made (the dashboard counts these per day).
  await step(
    `${S.toLocaleString('en')} built requests`,
    `insert into server_queue (user_id, name, location_id, egg_id, memory, cpu, disk, ports, databases, backups,
       status, attempts, server_id, created_at, updated_at)
     select owner_id, name, location_id, egg_id, memory, cpu, disk, ports, databases, backups,
       'completed', 1, id, created_at, created_at
     from servers`,
  );

  // The coin ledger: one member with `focalLines` lines, the rest spread over a year, skewed towards
  // the early members. Ids are ordered (a bulk load appends them) rather than random.
  const L = s.ledger;
  const kinds = `(array['afk','afk','afk','afk','renew','redeem','referral','link','gift_in','gift_out','store','admin_adjustment'])`;
  // Line j of a batch: id idBase + j, time `offset + j` of `total` along the year.
  const ledgerRow = (user: string, n: number, idBase: number, offset: number, total: number) =>
    `select ('00000000-0000-4000-8000-' || lpad(to_hex(j + ${idBase}), 12, '0'))::uuid, ${user},
       case when k.kind in ('renew','gift_out','store') then -(1 + floor(random() * 200))::int else (1 + floor(random() * 100))::int end,
       floor(random() * 100000)::int, k.kind, 'bench', now() - interval '365 days' * (1 - (j + ${offset})::float8 / ${total})
     from generate_series(1, ${n}) j, lateral (select ${kinds}[1 + floor(random() * 12)::int + j * 0] as kind) k`;
  const cols = '(id, user_id, amount, balance_after, kind, reason, created_at)';
  await step(
    `${s.focalLines.toLocaleString('en')} ledger lines of member${FOCAL}`,
    `insert into coin_ledger ${cols} ${ledgerRow(memberId(String(FOCAL)), s.focalLines, 0, 0, s.focalLines)}`,
  );
  const rest = Math.max(0, L - s.focalLines);
  const chunk = 2_000_000;
  for (let done = 0; done < rest; done += chunk) {
    const n = Math.min(chunk, rest - done);
    const user = memberId(`1 + floor(power(random(), 2) * ${N})::int + j * 0`);
    await step(
      `ledger lines ${(done + 1).toLocaleString('en')}–${(done + n).toLocaleString('en')}`,
      `insert into coin_ledger ${cols} ${ledgerRow(user, n, s.focalLines + done, done, rest)}`,
    );
  }

  const T = s.tickets;
  await step(
    `${T.toLocaleString('en')} tickets`,
    `insert into tickets (id, user_id, department_id, subject, priority, status, assignee_id, last_reply_at, last_reply_by,
       closed_at, created_at, updated_at)
     select i, ${memberId(`${STAFF} + 1 + floor(random() * ${N - STAFF})::int + i * 0`)},
       (select min(id) from departments) + i % 4,
       (array['Cannot start my server','Billing question','Coins missing after AFK','Refund request','Server lag',
              'Plugin install help','Account locked','Report a player'])[1 + i % 8] || ' #' || i,
       (array['low','medium','medium','high','urgent'])[1 + i % 5],
       st.status,
       case when random() < 0.3 then null else ${memberId(`1 + i % ${STAFF}`)} end,
       at + interval '1 hour' * random() * 48, case when i % 2 = 0 then 'staff' else 'member' end,
       case when st.status = 'closed' then at + interval '3 days' end, at, at
     from generate_series(1, ${T}) i,
       lateral (select now() - interval '730 days' * (1 - i::float8 / ${T}) as at) t,
       lateral (select case when i > ${T} - ${Math.round(T * 0.05)} and random() < 0.8
         then (array['open','in_progress','waiting_on_user','replied'])[1 + i % 4] else 'closed' end as status) st;
     select setval(pg_get_serial_sequence('tickets', 'id'), ${T})`,
  );
  const M = T * s.messagesPerTicket;
  await step(
    `${M.toLocaleString('en')} ticket messages`,
    `insert into ticket_messages (ticket_id, author_id, from_staff, internal, body, created_at)
     select t.id, case when m % 2 = 0 then coalesce(t.assignee_id, t.user_id) else t.user_id end,
       m % 2 = 0 and t.assignee_id is not null, false,
       'Message ' || m || ' of ticket ' || t.id || ': the server does not start after the last update.',
       t.created_at + interval '1 hour' * m
     from tickets t, generate_series(1, ${s.messagesPerTicket}) m`,
  );

  const A = s.audit;
  await step(
    `${A.toLocaleString('en')} audit entries`,
    `insert into audit_log (actor_id, action, target_type, target_id, before, after, created_at)
     select ${memberId(`1 + i % ${STAFF}`)}, a.action, a.type,
       case when a.type = 'user' then (${memberId(`1 + floor(random() * ${N})::int + i * 0`)})::text else (i % 5000)::text end,
       '{"coins": 10}'::jsonb, '{"coins": 20}'::jsonb, now() - interval '365 days' * (1 - i::float8 / ${A})
     from generate_series(1, ${A}) i,
       lateral (select (array['user.update','user.ban','user.coins','server.delete','settings.update','role.update'])[1 + i % 6] as action) x,
       lateral (select split_part(x.action, '.', 1) as type, x.action as action) a`,
  );

  // The referrals of the referred members: most paid (the leaderboard counts those), some pending.
  await step(
    'referrals',
    `insert into referrals (referrer_id, referred_id, status, reward_referrer, reward_referred, paid_at, created_at)
     select x.referrer_id, x.id, x.status, case when x.status = 'paid' then 100 end,
       case when x.status = 'paid' then 50 end, case when x.status = 'paid' then x.created_at end, x.created_at
     from (select u.referred_by as referrer_id, u.id, u.created_at,
             case when random() < 0.8 then 'paid' else 'pending' end as status
           from users u where u.referred_by is not null) x`,
  );
  // Counters the migrations keep with triggers (the leaderboard's servers and referrals) were off
  // while loading: count them once, as the migration that added them does (before the indexes, so
  // the rows it rewrites are not indexed twice).
  const { rows: recount } = await client.query(
    `select 1 from pg_proc where proname = 'hostdeck_recount_member_counters'`,
  );
  if (recount.length) await step('member counters', 'select hostdeck_recount_member_counters()');
  for (const i of indexes) await step(`index ${i.name}`, i.def);
  if (replica) await client.query('set session_replication_role = origin');
  // A panel that has run a while has been vacuumed and analysed (autovacuum): statistics and the
  // visibility map (index-only scans) as they would be.
  await step('vacuum analyze', 'vacuum analyze');
}
