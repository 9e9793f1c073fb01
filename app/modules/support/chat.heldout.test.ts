import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '~/db/client.server.ts';
import { faqItems } from '~/db/seed/faq.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { catalog } from '~/i18n/nl/catalog.ts';
import { product } from '~/i18n/nl/product.ts';
import { formatMoney } from '~/lib/money.ts';
import { normaliseOrderNumber } from '~/lib/order-number.ts';
import { listRegions } from '~/lib/regions.server.ts';
import { CHAT_HELDOUT_2 } from './chat.heldout-2.ts';
import { CHAT_HELDOUT_3 } from './chat.heldout-3.ts';
import { CHAT_HELDOUT_4 } from './chat.heldout-4.ts';
import { CHAT_HELDOUT, type HeldOutCase, type HeldOutKind } from './chat.heldout.ts';
import * as tuning from './chat.testset.ts';

// Checks the held-out SETS, not the bot: enough cases of every kind, every expected source and every fact really in
// the seeded data, and no question the bot could have learnt by heart from the FAQ or its tuning set. Every check runs
// on both sets; the second must not repeat or closely paraphrase the first.

/** The scorer's matching: lower case, accents off, everything but a-z and 0-9 off. */
const norm = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/[^a-z0-9]/g, '');
const KINDS: HeldOutKind[] = ['faq', 'shipping', 'payment', 'order', 'handoff', 'strain', 'offtopic', 'english'];
const NO_DATA = ['intent:order_status', 'intent:human', 'intent:offtopic'];
const isFaq = (c: HeldOutCase) => !/^(intent|page|strain):/.test(c.expect);
const missing = (c: HeldOutCase, text: string) => c.facts.filter((f) => !norm(text).includes(norm(f)));
const SETS: [string, HeldOutCase[]][] = [
  ['CHAT_HELDOUT', CHAT_HELDOUT],
  ['CHAT_HELDOUT_2', CHAT_HELDOUT_2],
  ['CHAT_HELDOUT_3', CHAT_HELDOUT_3],
  ['CHAT_HELDOUT_4', CHAT_HELDOUT_4],
];

/** Every string the tuning set's module exports, wherever it sits: its questions among them. */
function stringsIn(value: unknown, seen = new Set<unknown>()): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object' || seen.has(value)) return [];
  seen.add(value);
  return Object.values(value).flatMap((v) => stringsIn(v, seen));
}

/** Share of words two questions have in common (Jaccard): a near paraphrase scores high. */
function overlap(a: string, b: string): number {
  const words = (q: string) => new Set(q.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').split(/[^a-z0-9]+/).filter(Boolean));
  const [x, y] = [words(a), words(b)];
  const shared = [...x].filter((w) => y.has(w)).length;
  return shared / (x.size + y.size - shared);
}

describe.each(SETS)('chat held-out set %s', (_name, CASES) => {
  it('has at least 80 cases and at least 10 of every kind', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(80);
    for (const kind of KINDS) expect(CASES.filter((c) => c.kind === kind).length, kind).toBeGreaterThanOrEqual(10);
  });

  it('has no question twice, even with other case or punctuation', () => {
    const seen = new Map<string, string>();
    for (const c of CASES) {
      expect(seen.get(norm(c.q)), c.q).toBeUndefined();
      seen.set(norm(c.q), c.q);
    }
  });

  it('expects only sources the scorer knows, with facts only where the data has them', () => {
    for (const c of CASES) {
      if (c.expect.startsWith('intent:')) expect(['intent:shipping', 'intent:payment', ...NO_DATA], c.q).toContain(c.expect);
      if (NO_DATA.includes(c.expect)) expect(c.facts, c.q).toEqual([]);
      for (const f of c.facts) expect(norm(f).length, `${c.q}: ${f}`).toBeGreaterThan(0);
    }
  });

  it('writes every order number as one the shop could have issued', () => {
    const numbers = CASES.flatMap((c) => [...c.q.matchAll(/\b(?:kk[\s-]?)?[a-z0-9]{4}[\s-]?[a-z0-9]{4}\b/gi)].map((m) => m[0]));
    const withDigits = numbers.filter((n) => /\d/.test(n));
    expect(withDigits.length).toBeGreaterThanOrEqual(10);
    for (const n of withDigits) expect(normaliseOrderNumber(n), n).not.toBeNull();
  });

  it('asks no question of the bot’s tuning set', () => {
    const tuned = new Set(stringsIn(tuning).map(norm));
    expect(tuned.size).toBeGreaterThan(0);
    for (const c of CASES) expect(tuned.has(norm(c.q)), c.q).toBe(false);
  });
});

describe('chat held-out sets together', () => {
  it('the second repeats no question of the first, nor one with mostly the same words', () => {
    for (const c of CHAT_HELDOUT_2) {
      for (const d of CHAT_HELDOUT) expect(overlap(c.q, d.q), `${c.q} ~ ${d.q}`).toBeLessThan(0.6);
    }
  });

  it('the third repeats no question of the first two, nor one with mostly the same words', () => {
    for (const c of CHAT_HELDOUT_3) {
      for (const d of [...CHAT_HELDOUT, ...CHAT_HELDOUT_2]) expect(overlap(c.q, d.q), `${c.q} ~ ${d.q}`).toBeLessThan(0.6);
    }
  });

  it('the third has at least 120 cases and at least 15 of every kind', () => {
    expect(CHAT_HELDOUT_3.length).toBeGreaterThanOrEqual(120);
    for (const kind of KINDS) expect(CHAT_HELDOUT_3.filter((c) => c.kind === kind).length, kind).toBeGreaterThanOrEqual(15);
  });

  it('the third is typed like a chat box: no question marks', () => {
    for (const c of CHAT_HELDOUT_3) expect(c.q, c.q).not.toContain('?');
  });

  // The fourth was written without seeing the others: a failure names only its own question, so fixing it shows
  // the writer nothing of the sets it must stay blind to.
  it('the fourth repeats no question of the first three nor of the tuning set, nor one with mostly the same words', () => {
    const earlier = [...CHAT_HELDOUT, ...CHAT_HELDOUT_2, ...CHAT_HELDOUT_3].map((d) => d.q);
    const tuned = stringsIn(tuning);
    for (const c of CHAT_HELDOUT_4) {
      expect(earlier.filter((q) => overlap(c.q, q) >= 0.6).length, c.q).toBe(0);
      expect(tuned.filter((q) => overlap(c.q, q) >= 0.6).length, c.q).toBe(0);
    }
  });

  it('the fourth does not reuse an FAQ question’s own wording', () => {
    for (const c of CHAT_HELDOUT_4) expect(faqItems.filter((f) => overlap(c.q, f.question) >= 0.5).map((f) => f.question), c.q).toEqual([]);
  });

  it('the fourth has at least 160 cases and at least 18 of every kind, typed without question marks', () => {
    expect(CHAT_HELDOUT_4.length).toBeGreaterThanOrEqual(160);
    for (const kind of KINDS) expect(CHAT_HELDOUT_4.filter((c) => c.kind === kind).length, kind).toBeGreaterThanOrEqual(18);
    for (const c of CHAT_HELDOUT_4) expect(c.q, c.q).not.toContain('?');
  });
});

describeEachDatabase('chat held-out set against the seeded data', (ctx) => {
  describe.each(SETS)('%s', (_name, CASES) => {
    it('asks no FAQ question word for word and expects FAQ entries that exist and state the facts', async () => {
      const faq = await queryRows<{ question: string; answer: string }>(ctx().db, sql`select question, answer from faq_items`);
      const asked = new Set(faq.map((f) => norm(f.question)));
      for (const c of CASES) expect(asked.has(norm(c.q)), c.q).toBe(false);
      for (const c of CASES.filter(isFaq)) {
        const entry = faq.find((f) => f.question === c.expect);
        expect(entry, `${c.q} → ${c.expect}`).toBeDefined();
        expect(missing(c, entry!.answer), c.q).toEqual([]);
      }
    });

    it('expects content pages that exist and state the facts', async () => {
      const pages = await queryRows<{ slug: string; body: string }>(ctx().db, sql`select slug, body from content_pages`);
      for (const c of CASES.filter((x) => x.expect.startsWith('page:'))) {
        const page = pages.find((p) => `page:${p.slug}` === c.expect);
        expect(page, `${c.q} → ${c.expect}`).toBeDefined();
        expect(missing(c, page!.body), c.q).toEqual([]);
      }
    });

    it('expects strains that exist, with facts as the product page states them', async () => {
      const rows = await queryRows<StrainRow>(ctx().db, sql`
        select p.slug, p.type, p.flowering, p.sex, p.thc, p.cbd, p.flowering_days_min, p.flowering_days_max,
               p.yield_indoor, p.yield_outdoor,
               coalesce(array_agg(pp.price_minor order by k.seeds) filter (where not k.is_free), '{}') as prices
        from products p
        left join product_packs k on k.product_id = p.id
        left join pack_prices pp on pp.pack_id = k.id and pp.currency = 'EUR'
        where p.status = 'published'
        group by p.id`);
      const bySlug = new Map(rows.map((r) => [r.slug, strainText(r)]));
      for (const c of CASES.filter((x) => x.expect.startsWith('strain:'))) {
        const text = bySlug.get(c.expect.slice('strain:'.length));
        expect(text, `${c.q} → ${c.expect}`).toBeDefined();
        expect(missing(c, text!), c.q).toEqual([]);
      }
    });

    it('gives shipping facts that one country states together: its rates, delivery days and free-shipping threshold', async () => {
      const countries = (await listRegions(ctx().db)).flatMap((r) => r.countries);
      const texts = countries.map((c) =>
        [
          ...c.rates.map((r) => `${formatMoney(r.priceMinor, c.currency)} ${r.minDays + c.carrier.delay}–${r.maxDays + c.carrier.delay} werkdagen`),
          formatMoney(c.carrier.free_from, c.currency),
        ].join(' '),
      );
      for (const c of CASES.filter((x) => x.expect === 'intent:shipping')) {
        expect(c.facts.length, c.q).toBeGreaterThan(0);
        expect(texts.some((t) => missing(c, t).length === 0), c.q).toBe(true);
      }
    });

    it('gives payment facts the shop’s payment options state', async () => {
      const [row] = await queryRows<{ value: { name: string; description: string }[] }>(ctx().db, sql`select value from settings where key = 'payment_options'`);
      const text = row!.value.map((o) => `${o.name} ${o.description}`).join(' ');
      for (const c of CASES.filter((x) => x.expect === 'intent:payment')) expect(missing(c, text), c.q).toEqual([]);
    });
  });
});

type StrainRow = {
  slug: string;
  type: keyof typeof catalog.types;
  flowering: 'photoperiod' | 'autoflower';
  sex: 'feminized' | 'regular';
  thc: number;
  cbd: number;
  flowering_days_min: number;
  flowering_days_max: number;
  yield_indoor: number;
  yield_outdoor: number;
  prices: number[];
};

/** The strain's facts in the words of its product page. */
function strainText(r: StrainRow): string {
  return [
    catalog.types[r.type],
    catalog.identity[r.flowering],
    catalog.identity[r.sex],
    catalog.percent(r.thc),
    catalog.percent(r.cbd),
    product.profile.floweringValue(r.flowering_days_min, r.flowering_days_max),
    product.profile.gramsM2(r.yield_indoor),
    product.profile.gramsPlant(r.yield_outdoor),
    ...r.prices.map((p) => formatMoney(p, 'EUR')),
  ].join(' | ');
}
