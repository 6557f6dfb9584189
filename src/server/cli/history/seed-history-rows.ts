import { sql } from 'drizzle-orm';
import { DROP_OFF_SLOT_IDS } from '#domain/drop-off-slots.ts';
import type { Db } from '#server/db/client.ts';
import type { HistoryPlan } from './history-plan.ts';

/** A Postgres array literal of texts, for the generators below (constants of this file only). */
const texts = (values: readonly string[]) =>
  sql.raw(`array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')}]::text[]`);

const FIRST_NAMES = texts([
  'Maria',
  'James',
  'Linda',
  'Robert',
  'Ana',
  'Michael',
  'Patricia',
  'David',
  'Carmen',
  'William',
  'Jennifer',
  'Jose',
  'Elizabeth',
  'Richard',
  'Rosa',
  'Thomas',
  'Susan',
  'Luis',
  'Karen',
  'Daniel',
]);
const LAST_NAMES = texts([
  'Smith',
  'Garcia',
  'Johnson',
  'Rodriguez',
  'Williams',
  'Martinez',
  'Brown',
  'Hernandez',
  'Jones',
  'Lopez',
  'Miller',
  'Gonzalez',
  'Davis',
  'Perez',
  'Wilson',
  'Sanchez',
  'Anderson',
  'Rivera',
  'Taylor',
]);
const CARS = texts([
  'Toyota|Camry',
  'Honda|Accord',
  'Ford|F-150',
  'Chevrolet|Silverado',
  'Nissan|Altima',
  'Toyota|RAV4',
  'Honda|CR-V',
  'Hyundai|Elantra',
  'Jeep|Grand Cherokee',
  'Kia|Sorento',
  'Subaru|Outback',
  'Tesla|Model 3',
]);
const INSURERS = texts(['State Farm', 'GEICO', 'Progressive', 'Allstate', 'USAA', 'Liberty Mutual']);
const DAMAGE = texts([
  'Rear bumper dented in a parking lot',
  'Front end damage after a low-speed collision',
  'Scratches along the driver side doors',
  'Hail dents on the hood and roof',
  'Side mirror and front fender damaged',
  'Cracked headlight and bumper cover',
]);
const CUSTOMER_WORDS = texts([
  'Hi, when can I bring the car in?',
  'Thank you! Does the estimate include paint?',
  'Can I pick it up after 5 PM?',
  'Is there any update on the repair?',
  'My insurance adjuster said they will call you.',
  'Great, see you then.',
]);
const SHOP_WORDS = texts([
  'Thanks for the photos. We will have your estimate shortly.',
  'Your car is in the paint booth today.',
  'The parts arrived this morning; we are on schedule.',
  'Your car is ready for pickup. We are open until 5:30 PM.',
  'We received the adjuster approval.',
  'You are welcome to drop it off any morning this week.',
]);
const SURVEY_COMMENTS = texts([
  'Great job, looks like new.',
  'Friendly staff and fast repair.',
  'Took longer than promised.',
  'The color match is perfect.',
  'Nobody called me when it was ready.',
]);
const SLOTS = texts(DROP_OFF_SLOT_IDS);

/** Statuses by age: a decade of finished work behind a few weeks of open repairs. */
const STATUS_BY_AGE = sql.raw(`case
  when age_days > 45 then case
    when r_status < 0.13 then 'declined' when r_status < 0.17 then 'cancelled'
    when r_status < 0.19 then 'quoted' else 'completed' end
  when age_days > 10 then case
    when r_status < 0.12 then 'declined' when r_status < 0.15 then 'cancelled'
    when r_status < 0.25 then 'quoted' when r_status < 0.30 then 'approved'
    when r_status < 0.35 then 'scheduled' when r_status < 0.60 then 'in_progress' else 'completed' end
  else case
    when r_status < 0.30 then 'pending' when r_status < 0.55 then 'quoted' when r_status < 0.65 then 'approved'
    when r_status < 0.75 then 'scheduled' when r_status < 0.90 then 'in_progress'
    when r_status < 0.95 then 'declined' else 'completed' end
  end::estimate_status`);

/**
 * Writes a decade of a shop into an empty database, set-based inside PostgreSQL (60,000 estimates and
 * 600,000 messages would take an hour one insert at a time): customers and their cars, estimates in
 * the statuses a real shop's history has at each age, their messages, photos (rows; the files are
 * written by the caller), payments, drop-offs, and surveys with their call-backs. `seed` makes two runs
 * with the same plan alike. Runs in the caller's transaction.
 */
export async function seedHistoryRows(
  db: Db,
  plan: HistoryPlan,
  options: { now: Date; passwordHash: string; staffId: string; seed: number },
): Promise<void> {
  const now = sql`${options.now.toISOString()}::timestamptz`;
  const start = sql`(${now} - make_interval(days => ${Math.round(plan.years * 365)}::int))`;
  const span = sql`(${now} - ${start})`;
  const { estimates: E, customers: C } = plan;
  const run = (query: ReturnType<typeof sql>) => db.execute(query);

  await run(sql`select setseed(${options.seed})`);

  // Customers arrive evenly over the years; the k-th makes the estimate that first reaches k.
  await run(sql`create temp table h_customers on commit drop as
    select i::int as i, gen_random_uuid() as id, ${start} + ${span} * ((i - 1)::float8 / ${C}) as created_at
    from generate_series(1, ${C}::int) as i`);
  await run(sql`insert into users (id, email, password_hash, first_name, last_name, phone, language, created_at, updated_at)
    select id, 'customer' || i || '@history.example', ${options.passwordHash},
      (${FIRST_NAMES})[1 + i % 20], (${LAST_NAMES})[1 + (i * 7) % 19],
      '(813) ' || lpad((200 + i / 10000 % 800)::text, 3, '0') || '-' || lpad((i % 10000)::text, 4, '0'),
      (case when i % 5 = 0 then 'es' else 'en' end)::language, created_at, created_at
    from h_customers`);

  // One car each, a second for one customer in five.
  await run(sql`create temp table h_vehicles on commit drop as
    select c.i as customer_i, n, gen_random_uuid() as id, c.id as user_id, c.created_at
    from h_customers as c, generate_series(1, case when c.i % 5 = 0 then 2 else 1 end) as n`);
  await run(sql`insert into vehicles (id, user_id, year, make, model, license_plate, mileage, created_at, updated_at)
    select id, user_id, 2004 + (customer_i + n) % 22,
      split_part((${CARS})[1 + (customer_i * 3 + n) % 12], '|', 1),
      split_part((${CARS})[1 + (customer_i * 3 + n) % 12], '|', 2),
      upper(substr(md5(id::text), 1, 7)), 5000 + (customer_i * 7919) % 150000, created_at, created_at
    from h_vehicles`);

  // Estimates evenly over the years (a little jitter), each by a new customer or one coming back.
  await run(sql`create temp table h_estimates on commit drop as
    select e::int as e, gen_random_uuid() as id,
      least(${now} - interval '1 hour', ${start} + ${span} * ((e - 1 + random())::float8 / ${E})) as created_at,
      case when ceil(e::float8 * ${C} / ${E}) > ceil((e - 1)::float8 * ${C} / ${E})
        then ceil(e::float8 * ${C} / ${E})::int
        else 1 + floor(random() * ceil(e::float8 * ${C} / ${E}))::int end as customer_i,
      random() as r_status, random() as r_amount, random() as r_kind, random() as r_more
    from generate_series(1, ${E}::int) as e`);
  await run(sql`alter table h_estimates add column age_days float8, add column status estimate_status`);
  await run(sql`update h_estimates set age_days = extract(epoch from ${now} - created_at) / 86400`);
  await run(sql`update h_estimates set status = ${STATUS_BY_AGE}`);
  await run(sql`insert into estimates (id, user_id, vehicle_id, status, estimate_type, damage_description,
      insurance_company, contact_email, contact_phone, promised_date, estimated_amount, actual_amount,
      customer_deductible, insurance_coverage, picked_up_at, picked_up_by, created_at, updated_at)
    select h.id, c.id, v.id, h.status,
      (case when h.r_kind < 0.55 then 'insurance' else 'cash' end)::estimate_type,
      (${DAMAGE})[1 + h.e % 6],
      case when h.r_kind < 0.55 then (${INSURERS})[1 + h.e % 6] end,
      u.email, u.phone,
      case when h.status in ('scheduled', 'in_progress') then (${now} + make_interval(days => 3 + h.e % 8))::date end,
      amount, case when h.status = 'completed' then round(amount * (1 + h.r_more * 0.1)::numeric, 2) end,
      case when h.r_kind < 0.55 and amount is not null then least(amount, (array[250, 500, 1000])[1 + h.e % 3]) end,
      case when h.r_kind < 0.55 and amount is not null then amount - least(amount, (array[250, 500, 1000])[1 + h.e % 3]) end,
      picked_up_at, case when picked_up_at is not null then ${options.staffId}::uuid end,
      h.created_at, coalesce(picked_up_at, h.created_at + interval '2 hours')
    from h_estimates as h
    join h_customers as c on c.i = h.customer_i
    join users as u on u.id = c.id
    join h_vehicles as v on v.customer_i = h.customer_i
      and v.n = case when h.customer_i % 5 = 0 and h.r_more < 0.5 then 2 else 1 end
    cross join lateral (select case when h.status = 'pending' then null
      else round((300 + h.r_amount * h.r_amount * 8700)::numeric, 2) end as amount) as a
    cross join lateral (select case when h.status = 'completed' and h.age_days > 6
      then least(${now} - interval '1 hour', h.created_at + make_interval(days => 6 + h.e % 20)) end as picked_up_at) as p`);

  // What the customer paid for finished work: their share, by card, cash or check.
  await run(sql`insert into payments (estimate_id, user_id, provider, provider_intent_id, amount_cents, status,
      card_brand, card_last4, paid_at, method, recorded_by, created_at, updated_at)
    select e.id, e.user_id, case when m.method = 'card' then 'stripe' else 'recorded' end,
      case when m.method = 'card' then 'pi_history_' else 'recorded_' end || e.id,
      (coalesce(nullif(e.customer_deductible, 0), e.estimated_amount) * 100)::int, 'succeeded',
      case when m.method = 'card' then 'visa' end, case when m.method = 'card' then lpad((abs(hashtext(e.id::text)) % 10000)::text, 4, '0') end,
      coalesce(e.picked_up_at, e.updated_at), m.method,
      case when m.method <> 'card' then ${options.staffId}::uuid end,
      coalesce(e.picked_up_at, e.updated_at), coalesce(e.picked_up_at, e.updated_at)
    from estimates as e
    cross join lateral (select (case abs(hashtext(e.id::text)) % 20 when 0 then 'check' when 1 then 'check'
      when 2 then 'cash' when 3 then 'cash' when 4 then 'cash' else 'card' end)::payment_method as method) as m
    where e.status = 'completed' and e.estimated_amount > 0 and coalesce(nullif(e.customer_deductible, 0), e.estimated_amount) > 0`);

  // The thread: the customer and the shop in turn, hours apart; a last word from the customer on an open
  // repair waits for a reply (the front desk's inbox).
  const avg = plan.messagesPerEstimate;
  await run(sql`insert into messages (estimate_id, author_id, is_from_admin, content, created_at, awaiting_reply)
    select e.id, case when m % 2 = 0 then ${options.staffId}::uuid else e.user_id end, m % 2 = 0,
      case when m % 2 = 0 then (${SHOP_WORDS})[1 + (m + h.e) % 6] else (${CUSTOMER_WORDS})[1 + (m + h.e) % 6] end,
      least(${now} - make_interval(mins => total - m), e.created_at + make_interval(hours => m * 9)),
      m = total and m % 2 = 1 and e.status in ('pending', 'quoted', 'approved', 'scheduled', 'in_progress')
    from estimates as e
    join h_estimates as h on h.id = e.id
    cross join lateral (select 2 + floor(h.r_more * ${2 * avg - 3}::int)::int as total) as t
    cross join lateral generate_series(1, total) as m`);

  // Photos of the damage: rows here, small files written by the caller.
  await run(sql`insert into photos (uploader_id, estimate_id, status, object_key, thumbnail_key, content_type,
      size_bytes, width, height, step, position, created_at)
    select e.user_id, e.id, 'ready', 'history/' || e.id || '-' || p || '.webp',
      'history/' || e.id || '-' || p || '.thumb.webp', 'image/webp', 180000 + (p * 7919) % 60000, 1600, 1200,
      (array['overview', 'damage-front', 'damage-close', 'damage-side', 'plate'])[1 + (p - 1) % 5], p - 1, e.created_at
    from estimates as e
    cross join lateral generate_series(1, ${plan.photosPerEstimate}::int) as p`);

  // Drop-offs: ahead for scheduled cars, behind for those in or through the shop.
  await run(sql`insert into appointments (estimate_id, drop_off_date, slot, instructions, status, created_by, created_at)
    select e.id,
      case when e.status = 'scheduled' then (${now} + make_interval(days => 1 + h.e % 10))::date
        else (e.created_at + interval '3 days')::date end,
      ((${SLOTS})[1 + h.e % 3])::drop_off_slot, 'Bring the keys and your insurance card.', 'scheduled',
      ${options.staffId}::uuid, e.created_at + interval '1 day'
    from estimates as e join h_estimates as h on h.id = e.id
    where e.status in ('scheduled', 'in_progress', 'completed')`);

  // Surveys a day after pickup; a third answered, mostly happy; six or less opens a call-back, closed
  // unless recent.
  await run(sql`insert into surveys (estimate_id, send_at, language, score, comment, answered_at, created_at)
    select e.id, e.picked_up_at + interval '1 day', u.language,
      case when answered then (array[10, 10, 10, 9, 9, 9, 8, 8, 7, 6, 5, 3])[1 + h.e % 12] end,
      case when answered and h.e % 3 = 0 then (${SURVEY_COMMENTS})[1 + h.e % 5] end,
      case when answered then least(${now}, e.picked_up_at + interval '1 day 5 hours') end,
      e.picked_up_at
    from estimates as e
    join h_estimates as h on h.id = e.id
    join users as u on u.id = e.user_id
    cross join lateral (select h.r_amount < 0.35 as answered) as a
    where e.picked_up_at is not null`);
  await run(sql`insert into recovery_tasks (survey_id, opened_at, closed_at, closed_by, close_note)
    select s.id, s.answered_at,
      case when s.answered_at < ${now} - interval '14 days' then s.answered_at + interval '1 day' end,
      case when s.answered_at < ${now} - interval '14 days' then ${options.staffId}::uuid end,
      case when s.answered_at < ${now} - interval '14 days' then 'Called back; touched up the paint at no charge.' end
    from surveys as s where s.score <= 6`);

  await run(sql`analyze`);
}
