import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { roles, users } from '../src/db/schema/index.ts';
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
