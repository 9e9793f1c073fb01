// A shopper over plain HTTP, as a browser without JavaScript: a cookie jar and the shop's real forms
// (the cart action, the checkout, sign-up). Posts carry the shop's Origin, as a browser's do (CSRF check).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';

export const AGE_COOKIE = 'age_verified=1';

export class Shopper {
  private cookies = new Map<string, string>([['age_verified', '1']]);
  /** `client` is the address a proxy in front of the shop would put in X-Forwarded-For. */
  constructor(
    readonly base: string,
    readonly client = '127.0.0.1',
  ) {}

  get cookie() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** The same visitor on another server process (its cookies copied): a second tab of the same customer. */
  on(base: string): Shopper {
    const other = new Shopper(base, this.client);
    for (const [k, v] of this.cookies) other.cookies.set(k, v);
    return other;
  }

  /** One request without following redirects; keeps the cookies it sets (an expired one is removed). */
  async request(pathname: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { cookie: this.cookie, 'x-forwarded-for': this.client };
    if (init.form) {
      headers.origin = this.base;
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const body = init.form ? new URLSearchParams(init.form).toString() : undefined;
    const res = await send(this.base + pathname, init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body);
    for (const line of res.setCookies) {
      const [pair, ...attrs] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const expired = attrs.some((a) => /^\s*max-age=0$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair!.slice(at + 1).trim());
    }
    return { status: res.status, location: res.location, text: res.text };
  }

  /** The cart action's `add` intent, as the product page's form posts it (no `js=1`: a redirect back). */
  async add(pack: number, quantity = 1) {
    const res = await this.request('/besteloverzicht', { form: { intent: 'add', pack: String(pack), quantity: String(quantity), redirectTo: '/besteloverzicht' } });
    if (res.status !== 302) throw new Error(`add to cart answered ${res.status}`);
    // The outcome ("added" or the refusal) travels in the flash cookie to the next page.
    const flash = decodeURIComponent(this.cookies.get('flash') ?? '');
    this.cookies.delete('flash');
    return flash;
  }
}

// node:http with keep-alive rather than fetch: the bench runs its 16 buyers on the same 2 cores as the shop, and
// fetch's web streams cost the generator about twice the CPU per request. Compressed answers, as a browser asks.
const agent = new http.Agent({ keepAlive: true });

function send(url: string, method: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; location: string | null; setCookies: string[]; text: string }>((resolve, reject) => {
    const req = http.request(url, { method, agent, headers: { 'accept-encoding': 'gzip, deflate, br', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        try {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const text = (encoding === 'gzip' ? zlib.gunzipSync(raw) : encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'deflate' ? zlib.inflateSync(raw) : raw).toString('utf8');
          resolve({ status: res.statusCode!, location: res.headers.location ?? null, setCookies: res.headers['set-cookie'] ?? [], text });
        } catch (e) {
          reject(e);
        }
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The packs a product page offers (its add-to-cart radio buttons), with whether they can be chosen. */
export async function productPacks(base: string, slug: string) {
  const html = await (await fetch(`${base}/product/${slug}`, { headers: { cookie: AGE_COOKIE } })).text();
  return [...html.matchAll(/<input[^>]* name="pack"[^>]*>/g)].map((m) => ({ id: Number(/ value="(\d+)"/.exec(m[0])?.[1]), available: !/ disabled/.test(m[0]) }));
}

/** The value of every <input type="hidden"> of a page, by name. */
export const hiddenInputs = (html: string) =>
  Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, '&')]));

export const ADDRESS = { firstName: 'Bench', lastName: 'Koper', phone: '0612345678', line1: 'Teststraat 1', line2: '', postalCode: '3511 AA', city: 'Utrecht', country: 'NL', state: '' };

/** The checkout form as a guest fills it: bank transfer, the shipping method the page quoted for. */
export function checkoutForm(page: string, email: string) {
  const hidden = hiddenInputs(page);
  const form: Record<string, string> = { email, billingSame: 'on', paymentMethod: 'bank_transfer', shippingMethod: hidden.quotedFor?.split(':')[1] ?? '' };
  for (const k of ['expectedTotal', 'quotedFor', 'currency', 'region', 'idempotencyKey']) form[k] = hidden[k] ?? '';
  for (const [k, v] of Object.entries(ADDRESS)) form[`shipping.${k}`] = v;
  return form;
}

export const PASSWORD = 'zomer in de moestuin 42';

/** Signs up through /registreren, confirms with the link from the dev outbox (DATA_DIR/outbox) and follows it: logged in. */
export async function signUp(shopper: Shopper, dataDir: string, email: string) {
  const res = await shopper.request('/registreren', { form: { name: 'Bench Klant', email, dateOfBirth: '1990-04-12', password: PASSWORD, passwordConfirm: PASSWORD } });
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}`);
  const outbox = path.join(dataDir, 'outbox');
  for (const deadline = Date.now() + 15_000; ; ) {
    for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
      const text = fs.readFileSync(path.join(outbox, file), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const token = text.includes(`To: ${email}`) ? /\/registreren\/bevestigen\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1] : undefined;
      if (!token) continue;
      const confirmed = await shopper.request('/registreren/bevestigen', { form: { token } });
      if (confirmed.status !== 302 || !shopper.cookie.includes('session=')) throw new Error(`confirming the sign-up answered ${confirmed.status} without a session`);
      // Where a browser goes next: that page shows the welcome message and clears its cookie.
      await shopper.request(confirmed.location!);
      if (shopper.cookie.includes('flash=')) throw new Error('the welcome message was not cleared');
      return;
    }
    if (Date.now() > deadline) throw new Error(`no confirmation mail to ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
