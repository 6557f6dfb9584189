import { and, eq } from 'drizzle-orm';
import { outbox } from '#server/db/schema.ts';
import type { EmailPayload } from '#server/features/notifications/outbox.ts';
import type { Caller, World } from './authorization-matrix-world.ts';
import { as } from './people.ts';

/**
 * A survey link's token for A's completed estimate, as its e-mail carries it (the pickup is recorded,
 * balance confirmed). B gets a tampered copy and the anonymous caller a made-up one: both must see
 * nothing.
 */
export async function surveyTokenFor(world: World, caller: Caller): Promise<string> {
  const { db } = world.t.database;
  const res = await world.t.app.inject({
    method: 'POST',
    url: `/api/admin/estimates/${world.estimate.id}/pickup`,
    headers: as(world.admin),
    payload: { confirmBalance: true },
  });
  if (res.statusCode !== 200) throw new Error(`pickup: ${res.statusCode} ${res.body}`);
  const [mail] = await db
    .select()
    .from(outbox)
    .where(
      and(eq(outbox.estimateId, world.estimate.id), eq(outbox.topic, 'survey'), eq(outbox.kind, 'email')),
    );
  const token =
    /\/survey\/([\w.-]+)/.exec((mail?.payload as EmailPayload | undefined)?.text ?? '')?.[1] ?? '';
  if (caller === 'anonymous') return 'AAAAAAAAAAAAAAAAAAAAAA.abc123.AAAAAAAAAAAAAAAAAAAAAA';
  if (caller === 'customerB') return `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
  return token;
}

/** An open "Call back" task: A's survey answered with a 3. */
export async function recoveryTaskOfA(world: World): Promise<string> {
  const token = await surveyTokenFor(world, 'customerA');
  const answered = await world.t.app.inject({
    method: 'POST',
    url: `/api/surveys/${token}`,
    payload: { score: 3, comment: 'Door rattles.' },
  });
  if (answered.statusCode !== 201) throw new Error(`answer: ${answered.statusCode} ${answered.body}`);
  const open = await world.t.app.inject({
    method: 'GET',
    url: '/api/admin/recovery',
    headers: as(world.admin),
  });
  const task = (open.json() as { id: string; estimateId: string }[]).find(
    (item) => item.estimateId === world.estimate.id,
  );
  if (!task) throw new Error('no call-back task');
  return task.id;
}
