// Authors have no photos (no external images): a monogram in one of a few brand colours, fixed per author.
const COLOURS = [
  'bg-primary-700 text-white',
  'bg-secondary-700 text-white',
  'bg-amber-700 text-white',
  'bg-slate-800 text-white',
  'bg-rose-700 text-white',
  'bg-teal-700 text-white',
  'bg-violet-700 text-white',
];

export function initials(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

function colourOf(slug: string) {
  let h = 0;
  for (const c of slug) h = (h * 33 + c.charCodeAt(0)) >>> 0;
  return COLOURS[h % COLOURS.length]!;
}

export function AuthorAvatar({ slug, name, size = 'md' }: { slug: string; name: string; size?: 'sm' | 'md' | 'lg' }) {
  const sizes = { sm: 'h-9 w-9 text-sm', md: 'h-14 w-14 text-lg', lg: 'h-24 w-24 text-3xl' };
  return (
    <span
      aria-hidden
      className={`inline-flex shrink-0 items-center justify-center rounded-full font-bold tracking-tight ring-2 ring-white ${sizes[size]} ${colourOf(slug)}`}
    >
      {initials(name)}
    </span>
  );
}
