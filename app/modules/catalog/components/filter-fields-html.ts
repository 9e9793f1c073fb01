import { buttonClass } from '~/components/ui/button.ts';
import { catalog as catalogText } from '~/i18n/nl/catalog.ts';
import type { ShownFilterGroup } from '../catalog.ts';

// The filter panel's fields (FilterFields in product-listing.tsx) as an HTML string for the server render: the panel
// stays the server's HTML until it comes near the screen (HydrateOnVisible, ADR 048) and then renders anew, so React
// never hydrates this markup; a string costs a fraction of rendering its ~300 elements (ADR 071). The same markup
// (filter-fields-html.test.tsx compares it with React's render).

const ESC: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
const esc = (s: string | number) => String(s).replace(/["&'<>]/g, (c) => ESC[c]!);

export function filterFieldsHtml(groups: ShownFilterGroup[], params: URLSearchParams, clearHref: string | null): string {
  let out = '';
  for (const g of groups) {
    if (g.kind === 'options') {
      const checked = new Set(params.getAll(g.param).flatMap((v) => v.split(',')));
      out += `<fieldset><legend class="text-sm font-semibold text-slate-900">${esc(g.name)}</legend><div class="mt-2 space-y-1.5">`;
      for (const f of g.filters)
        out +=
          `<label class="flex items-center gap-2 text-sm text-slate-700"><input type="checkbox" class="h-4 w-4 rounded border-slate-300 accent-primary-700" name="${esc(g.param)}" value="${esc(f.id)}"` +
          `${checked.has(String(f.id)) ? ' checked=""' : ''}/>${esc(f.name)}</label>`;
      out += '</div></fieldset>';
    } else {
      const selected = params.get(g.param) ?? '';
      const option = (value: string, label: string) => `<option value="${esc(value)}"${value === selected ? ' selected=""' : ''}>${esc(label)}</option>`;
      out +=
        `<label class="block"><span class="text-sm font-semibold text-slate-900">${esc(g.name)}</span>` +
        `<select name="${esc(g.param)}" class="mt-2 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm">` +
        option('', catalogText.ranges.any) +
        g.filters.map((f) => option(String(f.id), f.name)).join('') +
        '</select></label>';
    }
  }
  out += `<div class="flex flex-wrap gap-2"><button type="submit" class="${esc(buttonClass('primary', 'md', 'js:hidden'))}">${esc(catalogText.applyFilters)}</button>`;
  if (clearHref !== null) out += `<a class="${esc(buttonClass('secondary'))}" href="${esc(clearHref)}" data-discover="true">${esc(catalogText.clearFilters)}</a>`;
  return out + '</div>';
}
