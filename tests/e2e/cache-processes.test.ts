// Cache invalidation reaches every process: two shop processes on one PostgreSQL database.
// Process B holds the product page in its page cache and the catalogue in its read cache; an order placed
// on process A sells the last pack, and B's next answers (anonymous: page cache; with a cart: rendered from
// the read cache) show it sold out. Without the NOTIFY (app/db/client.server.ts) B keeps answering from its
// caches for up to a minute and this fails.
// The second test: an owner edits a strain, a price and a blog post through the back-office
// forms of A, and B's cached shop pages show the edits at once, rendered afresh.
// Both processes serve as the least-privilege runtime role (ADR 056): the shop needs no more than that.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '~/db/client.server.ts';
import { DB_ROLES, ensureDbRoles, withRole } from '~/db/test-db.ts';
import { addStaff } from '~/modules/staff/staff.server.ts';
import { createStaffSession } from '~/modules/staff/staff-sessions.server.ts';
import { AGE_COOKIE, Shopper, checkoutForm, productPacks } from './http-shopper.ts';
import { type RunningServer, startServer } from './server.ts';

const SLUG = 'northern-lights';

const decode = (v: string) =>
  v.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) =>
    e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[e.toLowerCase()]!,
  );
const attrsOf = (tag: string): Record<string, string | undefined> => Object.fromEntries([...tag.matchAll(/\s([\w:.-]+)(?:="([^"]*)")?/g)].map((m) => [m[1]!.toLowerCase(), decode(m[2] ?? '')]));

/**
 * What a browser would submit for the server-rendered form `id` on a page: its named fields with their rendered
 * values (checked boxes, selected options, textarea text), then `changes`, and the submit button `submitter`.
 */
function formData(html: string, id: string, changes: Record<string, string>, submitter?: [string, string]): URLSearchParams {
  const form = new RegExp(`<form\\b[^>]*\\sid="${id}"[^>]*>([\\s\\S]*?)</form>`).exec(html)?.[1];
  if (!form) throw new Error(`no form #${id} on the page`);
  const fields = new URLSearchParams();
  for (const m of form.matchAll(/<(input|select|textarea)\b([^>]*)>(?:([\s\S]*?)<\/\1>)?/g)) {
    const [, tag, rest, inner = ''] = m;
    const a = attrsOf(rest!);
    if (!a.name || 'disabled' in a) continue;
    if (tag === 'textarea') fields.append(a.name, decode(inner));
    else if (tag === 'select') {
      const options = [...inner.matchAll(/<option\b([^>]*)>([\s\S]*?)<\/option>/g)].map((o) => ({ attrs: attrsOf(o[1]!), text: decode(o[2]!) }));
      const chosen = options.find((o) => 'selected' in o.attrs) ?? options[0];
      if (chosen) fields.append(a.name, chosen.attrs.value ?? chosen.text);
    } else if (a.type === 'checkbox' || a.type === 'radio') {
      if ('checked' in a) fields.append(a.name, a.value ?? 'on');
    } else if (!['submit', 'button', 'file', 'image', 'reset'].includes(a.type ?? '')) fields.append(a.name, a.value ?? '');
  }
  for (const [name, value] of Object.entries(changes)) {
    if (!fields.has(name)) throw new Error(`no field ${name} in form #${id}`);
    fields.set(name, value);
  }
  if (submitter) fields.append(...submitter);
  return fields;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('cache invalidation across processes (PostgreSQL)', () => {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `kk_processes_${process.pid}_${Date.now()}`;
  let admin: pg.Client;
  let a: RunningServer;
  let b: RunningServer;
  let pack: number;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // As in production (ADR 056): the owner role migrates, the shop serves as the runtime role, DML only.
    await ensureDbRoles(adminUrl);
    await admin.query(`alter database ${name} owner to ${DB_ROLES.owner}`);
    const roles = { DATABASE_URL: withRole(url.toString(), DB_ROLES.runtime), DATABASE_MIGRATION_URL: withRole(url.toString(), DB_ROLES.owner) };
    a = await startServer(roles);
    b = await startServer(roles);
    // One pack of the product left in stock, the others sold out; then both processes drop their caches.
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const { rows } = await db.query<{ id: number }>(`select k.id from product_packs k join products p on p.id = k.product_id where p.slug = $1 and not k.is_free order by k.id`, [SLUG]);
    pack = rows[0]!.id;
    await db.query(`update product_packs set stock = case when id = $1 then 1 else 0 end where product_id = (select id from products where slug = $2)`, [pack, SLUG]);
    await db.query(`notify kk_cache, ''`);
    await db.end();
  }, 120_000);

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await admin?.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin?.end();
  });

  /** The product page on B for this visitor: whether the pack can be chosen, and the page cache's answer. */
  const onB = async (cookie: string) => {
    const res = await fetch(`${b.url}/product/${SLUG}`, { headers: { cookie } });
    const html = await res.text();
    const input = new RegExp(`<input[^>]* name="pack"[^>]* value="${pack}"[^>]*>|<input[^>]* value="${pack}"[^>]* name="pack"[^>]*>`).exec(html)?.[0];
    expect(input, 'the pack on the product page').toBeTruthy();
    return { available: !/ disabled/.test(input!), cache: res.headers.get('x-page-cache') };
  };

  it('both processes serve as the runtime role', async () => {
    const { rows } = await admin.query('select distinct usename from pg_stat_activity where datname = $1', [name]);
    expect(rows).toEqual([{ usename: DB_ROLES.runtime }]);
  });

  it('an order on one process sells out the pack on the other at once: page cache and read cache', async () => {
    await expect.poll(async () => (await productPacks(b.url, SLUG)).find((p) => p.id === pack)?.available).toBe(true);
    // B caches: the anonymous page (loaded above, a hit now) and the catalogue behind a visitor's rendered page.
    const visitor = new Shopper(b.url);
    await visitor.add((await productPacks(b.url, 'white-widow')).find((p) => p.available)!.id);
    expect(await onB(AGE_COOKIE)).toEqual({ available: true, cache: 'hit' });
    expect((await onB(visitor.cookie)).available).toBe(true);

    // The last pack bought through A's forms.
    const buyer = new Shopper(a.url);
    await buyer.add(pack);
    const page = await buyer.request('/checkout');
    expect(page.status).toBe(200);
    const placed = await buyer.request('/checkout', { form: checkoutForm(page.text, 'kruis@example.com') });
    expect(placed.status).toBe(302);
    expect(placed.location).toMatch(/^\/order-status\?bestelling=/);

    // The NOTIFY goes out after A's commit, next to its answer: B has it within moments, not after the caches' minute.
    // Within 15 s, well before the caches' minute: a fetch and a render can take seconds on a busy machine.
    const soon = { timeout: 15_000, interval: 50 };
    // The visitor first: a cart visitor gets the cached page (ADR 031), so the page cache must have dropped it, and
    // its miss is rendered (without the cart cookie) from the read cache and stored: the anonymous visitor's hit.
    await expect.poll(async () => (await onB(visitor.cookie)).available, soon).toBe(false);
    expect(await onB(AGE_COOKIE)).toEqual({ available: false, cache: 'hit' });
  }, 60_000);

  it('a strain, a price and a blog post edited in the back office of one process show on the other at once', async () => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // An owner with a full session, made in the database (the log-in with its TOTP step has its own tests).
    const { db, close } = await openDatabase({ url: url.toString() });
    const added = await addStaff(
      db,
      { staffId: null, label: 'cli', clientAddress: 'local' },
      {
        email: `eigenaar-${Date.now()}@kiemkracht.nl`,
        name: 'Eigenaar',
        role: 'owner',
      },
    );
    if (!added.ok) throw new Error('staff member not added');
    const token = await createStaffSession(db, added.staffId, 'full', {
      userAgent: null,
      clientAddress: null,
    });
    await close();
    const staff = `kk_staff=${token}`;
    const sql = new pg.Client({ connectionString: url.toString() });
    await sql.connect();
    const strain = (
      await sql.query<{ id: number; pack: number }>(
        `select p.id, min(k.id) as pack from products p join product_packs k on k.product_id = p.id and not k.is_free where p.slug = 'white-widow' group by p.id`,
      )
    ).rows[0]!;
    const post = (await sql.query<{ id: number; slug: string }>(`select id, slug from posts where status = 'published' and published_at <= now() order by id limit 1`)).rows[0]!;
    await sql.end();

    // A page of A's back office, and a form of it posted as that page would (same origin, the staff cookie).
    const backoffice = async (path: string) => {
      const res = await fetch(`${a.url}${path}`, {
        headers: { cookie: staff },
      });
      expect(res.status, path).toBe(200);
      return res.text();
    };
    const submit = (path: string, body: URLSearchParams) =>
      fetch(`${a.url}${path}`, {
        method: 'POST',
        body,
        redirect: 'manual',
        headers: {
          cookie: staff,
          Origin: a.url,
          'Sec-Fetch-Site': 'same-origin',
        },
      });
    // A shop page on B for an anonymous visitor: its HTML and the page cache's answer.
    const shopB = async (path: string) => {
      const res = await fetch(`${b.url}${path}`, {
        headers: { cookie: AGE_COOKIE },
      });
      expect(res.status, path).toBe(200);
      return {
        html: await res.text(),
        cache: res.headers.get('x-page-cache'),
      };
    };
    const product = '/product/white-widow';
    const collection = '/collecties/bestsellers';
    const blog = `/blog/${post.slug}`;
    const NAME = 'White Widow Zilverglans';
    const TITLE = 'Zaden bewaren: koel, droog en donker (bijgewerkt)';
    // formatMoney: "€ 8,75" with a no-break space.
    const PRICE = /€\s8,75/;
    /** The product card of the strain on the collection page. */
    const card = (html: string) => /<article[^>]*data-testid="product-card"(?:(?!<\/article>)[\s\S])*href="\/product\/white-widow"[\s\S]*?<\/article>/.exec(html.replace(/<!-- -->/g, ''))?.[0] ?? '';
    type Check = { path: string; shows: (html: string) => boolean };
    const soon = { timeout: 15_000, interval: 50 };

    /**
     * One edit on A, checked on B: before it, B answers the pages from its page cache (a hit) without the edit;
     * right after it (within 15 s, well before the caches' minute) each page's first answer with the edit is a
     * fresh render (a miss: A's NOTIFY dropped B's page cache and the read-cache entries behind it), and the next
     * answer comes from the page cache again. Checked per edit, so each write's own NOTIFY is needed.
     */
    const editShowsOnB = async (checks: Check[], edit: () => Promise<void>) => {
      for (const { path, shows } of checks) {
        await shopB(path);
        const cached = await shopB(path);
        expect(cached.cache, path).toBe('hit');
        expect(shows(cached.html), `${path} before the edit`).toBe(false);
      }
      await edit();
      for (const { path, shows } of checks) {
        const answers: (string | null)[] = [];
        await expect
          .poll(
            async () => {
              const got = await shopB(path);
              answers.push(got.cache);
              return shows(got.html);
            },
            { ...soon, message: `${path} on B after the edit` },
          )
          .toBe(true);
        expect(answers.at(-1), `${path}: the first answer with the edit`).toBe('miss');
        const again = await shopB(path);
        expect(again.cache, path).toBe('hit');
        expect(shows(again.html), path).toBe(true);
      }
    };

    // 1. The strain's name, on its edit page (all fields as rendered, the revision included).
    const strainPath = `/beheer/catalogus/${strain.id}`;
    await editShowsOnB(
      [
        { path: product, shows: (html) => html.includes(`>${NAME}</h1>`) },
        {
          path: collection,
          shows: (html) => card(html).includes(`>${NAME}</a>`),
        },
      ],
      async () => {
        const saved = await submit(
          strainPath,
          formData(await backoffice(strainPath), `strain-${strain.id}`, {
            name: NAME,
          }),
        );
        expect(saved.status).toBe(302);
        expect(saved.headers.get('location')).toBe(`${strainPath}?klaar=opgeslagen`);
      },
    );

    // 2. The EUR price of its single seed (€ 9,95 in the seed data), on the pack's stock page.
    const packPath = `/beheer/voorraad/${strain.pack}`;
    await editShowsOnB(
      [
        {
          path: product,
          shows: (html) => new RegExp(`name="pack"[^>]*value="${strain.pack}"/><span[^>]*>[^<]*</span><span[^>]*>${PRICE.source}<`).test(html),
        },
        {
          path: collection,
          shows: (html) => /Vanaf <\/span>€\s8,75</.test(card(html)),
        },
      ],
      async () => {
        const saved = await submit(
          packPath,
          formData(await backoffice(packPath), 'pack-settings', {
            'prices.EUR': '8,75',
          }),
        );
        expect(saved.status).toBe(200);
        expect(await backoffice(packPath)).toContain('value="8,75"');
      },
    );

    // 3. The title of a published blog post, on its edit page (submitted with the "save" button).
    const postPath = `/beheer/inhoud/blog/${post.id}`;
    await editShowsOnB([{ path: blog, shows: (html) => html.includes(`>${TITLE}</h1>`) }], async () => {
      const saved = await submit(postPath, formData(await backoffice(postPath), `post-${post.id}`, { title: TITLE }, ['intent', 'save']));
      expect(saved.status).toBe(302);
      expect(saved.headers.get('location')).toBe(`${postPath}?opgeslagen=1`);
    });
  }, 60_000);
});
