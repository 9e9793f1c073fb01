// Migration 0022 turns the stored page blocks into Markdown: the text must equal what the seed now writes
// (pageMarkdown), so a shop migrated from before reads exactly like a fresh one.
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { expect, it } from 'vitest';
import { parseMarkdown } from '~/lib/markdown.ts';
import { contentPages, pageMarkdown } from './seed/pages.ts';

it('migration 0022 converts every seeded page to the same Markdown as the seed', async () => {
  const pg = new PGlite();
  await pg.exec(`create table content_pages (slug text primary key, title text not null, description text not null, blocks jsonb not null, updated_at timestamptz not null default now())`);
  const tricky = { slug: 'lastig', title: 't', description: 'd', blocks: [{ type: 'p' as const, text: 'Een *ster*, een _streep_ en [haken] \\ schuin.' }, { type: 'ul' as const, items: ['**vet**', 'gewoon'] }] };
  for (const p of [...contentPages, tricky]) await pg.query('insert into content_pages (slug, title, description, blocks) values ($1, $2, $3, $4)', [p.slug, p.title, p.description, JSON.stringify(p.blocks)]);
  for (const statement of fs.readFileSync('drizzle/0022_content_markdown.sql', 'utf8').split('--> statement-breakpoint')) await pg.exec(statement);
  const rows = (await pg.query<{ slug: string; body: string }>('select slug, body from content_pages')).rows;
  for (const p of [...contentPages, tricky]) expect(rows.find((r) => r.slug === p.slug)?.body).toBe(pageMarkdown(p.blocks));
  await pg.close();
});

it('the converted pages read as before: the same blocks, the same words', () => {
  const kind = { h2: 'heading', p: 'paragraph', ul: 'list' } as const;
  for (const p of contentPages) {
    const blocks = parseMarkdown(pageMarkdown(p.blocks)).blocks;
    expect(blocks.map((b) => b.type)).toEqual(p.blocks.map((b) => kind[b.type]));
    const text = (nodes: { type: string; text?: string }[]) => nodes.map((n) => n.text ?? '').join('');
    blocks.forEach((b, i) => {
      const was = p.blocks[i]!;
      if (b.type === 'list' && was.type === 'ul') expect(b.items.map((item) => text(item))).toEqual(was.items);
      else if ((b.type === 'heading' || b.type === 'paragraph') && was.type !== 'ul') expect(text(b.children)).toBe(was.text);
    });
  }
});
