import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.ts';
import { roles, users } from '../src/db/schema/index.ts';
import { moveCoins } from '../src/modules/coins/ledger.ts';
import { newMember, TestClient } from './client.ts';

/** A signed-in member whose role holds exactly the given permissions (a role made for the test). */
export async function memberWithPermissions(
  app: FastifyInstance,
  permissions: string[],
  level = 2,
): Promise<TestClient> {
  const client = new TestClient(app);
  const member = newMember();
  await client.post('/api/user/auth/register', member);
  const [role] = await app.ctx.db
    .insert(roles)
    .values({ name: `test_${member.username}`, displayName: 'Test role', level, permissions })
    .returning();
  const [user] = await app.ctx.db
    .update(users)
    .set({ roleId: role!.id })
    .where(eq(users.username, member.username))
    .returning();
  await app.ctx.sessions.invalidateUser(user!.id);
  return client;
}

/** A member who just signed up (role Member), with their id; `coins` are granted through the ledger. */
export async function signedUpMember(app: FastifyInstance, coins = 0): Promise<{ client: TestClient; id: string }> {
  const client = new TestClient(app);
  await client.post('/api/user/auth/register', newMember());
  const id = (await client.get('/api/user/session')).json().user_info.uuid as string;
  if (coins > 0)
    await app.ctx.db.transaction((tx) =>
      moveCoins(tx as unknown as Db, { userId: id, amount: coins, kind: 'admin_adjustment', reason: 'test' }),
    );
  return { client, id };
}
