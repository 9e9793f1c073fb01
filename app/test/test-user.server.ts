import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';

let seq = 0;

/** A fresh adult customer with an address no other test uses; returns the user's id. */
export async function insertTestUser(db: Db, over: { name?: string; emailPrefix?: string } = {}): Promise<number> {
  seq += 1;
  const [row] = await db
    .insert(s.users)
    .values({ email: `${over.emailPrefix ?? 'klant'}${seq}.${Date.now()}@example.nl`, name: over.name ?? 'Kweker', dateOfBirth: '1990-04-12', passwordHash: 'x' })
    .returning({ id: s.users.id });
  return row!.id;
}
