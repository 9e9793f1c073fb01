import { List } from 'lucide-react';
import { useEffect, useState } from 'react';
import { blog } from '~/i18n/nl/blog.ts';
import type { TocEntry } from '~/lib/markdown.ts';

/** The heading nearest above the top of the viewport, tracked while the reader scrolls. */
function useActiveHeading(idList: string) {
  const [active, setActive] = useState<string | null>(null);
  useEffect(() => {
    const headings = idList
      .split(' ')
      .map((id) => document.getElementById(id))
      .filter((el): el is HTMLElement => !!el);
    if (headings.length === 0) return;
    const update = () => {
      let current: string | null = null;
      for (const h of headings) if (h.getBoundingClientRect().top < 160) current = h.id;
      setActive(current);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [idList]);
  return active;
}

/**
 * The post's table of contents: a native <details>, collapsed on small screens and always open (and sticky)
 * from lg up. Plain anchor links, so it works without JavaScript; with it, the current section is marked.
 */
export function TableOfContents({ toc }: { toc: TocEntry[] }) {
  const ids = toc.flatMap((t) => [t.id, ...t.children.map((c) => c.id)]);
  const active = useActiveHeading(ids.join(' '));
  if (toc.length === 0) return null;
  const link = (id: string, text: string, sub = false) => (
    <a
      href={`#${id}`}
      aria-current={active === id ? 'location' : undefined}
      className={`block border-l-2 py-1.5 text-sm leading-snug transition-colors ${sub ? 'pl-6' : 'pl-3'} ${
        active === id ? 'border-primary-700 font-semibold text-primary-800' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
      }`}
    >
      {text}
    </a>
  );
  return (
    <nav aria-labelledby="toc-title" data-testid="toc">
      <details className="group rounded-2xl bg-white ring-1 ring-slate-200 lg:bg-transparent lg:ring-0 lg:[&::details-content]:block lg:[&::details-content]:[content-visibility:visible]">
        <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-3 font-semibold text-slate-900 lg:hidden [&::-webkit-details-marker]:hidden">
          <List className="h-4 w-4 text-primary-700" aria-hidden />
          {blog.tocToggle}
        </summary>
        <div className="px-4 pb-4 lg:px-0 lg:pb-0">
          <h2 id="toc-title" className="hidden text-xs font-semibold tracking-wider text-slate-500 uppercase lg:block">
            {blog.toc}
          </h2>
          <ol className="mt-1 lg:mt-3">
            {toc.map((t) => (
              <li key={t.id}>
                {link(t.id, t.text)}
                {t.children.length > 0 ? (
                  <ol>
                    {t.children.map((c) => (
                      <li key={c.id}>{link(c.id, c.text, true)}</li>
                    ))}
                  </ol>
                ) : null}
              </li>
            ))}
          </ol>
        </div>
      </details>
    </nav>
  );
}
