// The customer of the two-process PostgreSQL suites (postgres-pair.ts): made in the pair's database, logged in
// through the shop's form, and the same visitor on both processes (two tabs). Sign-up has its own tests.
import { expect } from 'vitest';
import { openDatabase } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { hashPassword } from '~/lib/passwords.server.ts';
import { freshEmail } from './accounts.ts';
import { PASSWORD, productPacks, Shopper } from './http-shopper.ts';
import type { PostgresPair } from './postgres-pair.ts';

/**
 * A confirmed customer ("Rik Race", e-mail `<who>.…@example.com`) logged in on process A (`shopper`) and on B
 * (`onB`, its cookies copied); `pack`: an available pack of White Widow for the cart. `db` is a connection of the
 * test's own for changes behind the shop's back: close it in a `finally`.
 */
export async function pairCustomer(pair: PostgresPair, who: string) {
  const email = freshEmail(who);
  const { db, close } = await openDatabase({ url: pair.url });
  try {
    const [user] = await db.insert(s.users).values({ email, name: 'Rik Race', dateOfBirth: '1990-04-12', passwordHash: await hashPassword(PASSWORD), emailVerifiedAt: new Date() }).returning({ id: s.users.id });
    const shopper = new Shopper(pair.a.url);
    const login = await shopper.request('/inloggen', { form: { email, password: PASSWORD } });
    expect(login.status, 'log-in answers with a redirect').toBe(302);
    const pack = (await productPacks(pair.a.url, 'white-widow')).find((p) => p.available)!.id;
    return { db, close, email, userId: user!.id, pack, shopper, onB: shopper.on(pair.b.url) };
  } catch (error) {
    await close();
    throw error;
  }
}
