import { useEffect, useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { Field } from '~/components/ui/form-field.tsx';
import { contentTexts as t } from '~/i18n/nl/backoffice-content.ts';
import { type FieldMeta, getTextareaProps } from '~/lib/form.ts';
import { MarkdownBody } from '~/components/markdown-body.tsx';
import type { Block } from '~/lib/markdown.ts';
import { fieldClass, scrollArea, smallButton } from '~/components/backoffice/styles.ts';

export const CONTENT_PREVIEW_PATH = '/beheer/inhoud/voorbeeld';

const TABS = [
  { key: 'posts', to: '/beheer/inhoud', end: false, also: '/beheer/inhoud/blog' },
  { key: 'people', to: '/beheer/inhoud/auteurs', end: true },
  { key: 'faq', to: '/beheer/inhoud/faq', end: true },
  { key: 'pages', to: '/beheer/inhoud/paginas', end: false },
  { key: 'redirects', to: '/beheer/inhoud/doorverwijzingen', end: true },
  { key: 'settings', to: '/beheer/inhoud/instellingen', end: true },
] as const;

/** The parts of /beheer/inhoud as tabs (plain links: they work without JavaScript). */
export function ContentTabs({ current }: { current: (typeof TABS)[number]['key'] }) {
  return (
    <nav aria-label={t.tabsLabel} className="-mx-4 mb-6 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex w-max gap-1 rounded-xl bg-slate-100 p-1 sm:w-auto sm:flex-wrap">
        {TABS.map((tab) => (
          <li key={tab.key}>
            <NavLink
              to={tab.to}
              end={tab.end}
              prefetch="intent"
              aria-current={tab.key === current ? 'page' : undefined}
              className={`block rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap ${tab.key === current ? 'bg-white text-slate-900 shadow-xs ring-1 ring-slate-200' : 'text-slate-600 hover:text-slate-900'}`}
            >
              {t.tabs[tab.key]}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A Markdown field with its preview beside it. The preview is drawn by the shop's own renderer: the server
 * parses (the resource route CONTENT_PREVIEW_PATH while typing, or the form's Voorbeeld button without
 * JavaScript) and this only draws the parsed blocks, so no parser code reaches the browser.
 */
export function MarkdownEditor({ meta, label, blocks, rows = 22 }: { meta: FieldMeta; label: string; blocks: Block[]; rows?: number }) {
  const [preview, setPreview] = useState(blocks);
  const [seen, setSeen] = useState(blocks);
  // A new server preview (the Voorbeeld button, a refused save) replaces what was drawn while typing.
  if (blocks !== seen) {
    setSeen(blocks);
    setPreview(blocks);
  }
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(0);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onInput = (body: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const ask = ++latest.current;
      const form = new FormData();
      form.set('body', body);
      fetch(CONTENT_PREVIEW_PATH, { method: 'POST', body: form, headers: { Accept: 'application/json' } })
        .then((r) => (r.ok ? (r.json() as Promise<{ blocks: Block[] }>) : null))
        .then((answer) => {
          // Only the answer to the newest text counts (answers may arrive out of order).
          if (answer && ask === latest.current) setPreview(answer.blocks);
        })
        .catch(() => {});
    }, 250);
  };
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <Field label={label} meta={meta} hint={t.markdownHint} className="rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-6">
        <textarea {...getTextareaProps(meta)} rows={rows} className={`${fieldClass} font-mono text-[13px] leading-6`} onInput={(e) => onInput(e.currentTarget.value)} />
      </Field>
      <div className="min-w-0 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-6">
        <div className="mb-3 flex items-baseline justify-between gap-3 border-b border-slate-100 pb-2">
          <h2 id={`${meta.id}-preview`} className="text-sm font-semibold text-slate-900">
            {t.previewTitle}
          </h2>
          <p className="text-xs text-slate-500">{t.previewHint}</p>
        </div>
        {/* Focusable and named: a long preview scrolls, and keyboards must reach it too. */}
        <div data-testid="markdown-preview" aria-live="polite" {...scrollArea(t.previewRegion)} className="max-h-[36rem] overflow-y-auto rounded-md focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none">
          {preview.length ? <MarkdownBody blocks={preview} /> : <p className="text-sm text-slate-500">{t.previewEmpty}</p>}
        </div>
      </div>
    </div>
  );
}

/** Save, and the Voorbeeld button that shows the preview without JavaScript (nothing is saved). */
export function EditorButtons({ busy }: { busy: boolean }) {
  return (
    <div className="flex flex-wrap gap-2">
      <button type="submit" name="intent" value="save" className={smallButton.primary} disabled={busy}>
        {t.save}
      </button>
      <button type="submit" name="intent" value="preview" className={smallButton.secondary} disabled={busy}>
        {t.preview}
      </button>
    </div>
  );
}
