// Button looks, shared by <button> and <Link>.
const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';
const variants = {
  primary: 'bg-primary-700 text-white hover:bg-primary-800',
  secondary: 'bg-white text-slate-900 ring-1 ring-slate-300 hover:bg-slate-100',
  ghost: 'text-slate-700 hover:bg-slate-100',
  danger: 'bg-red-700 text-white hover:bg-red-800',
} as const;
const sizes = { md: 'px-5 py-2.5 text-sm', lg: 'px-6 py-3 text-base', icon: 'h-10 w-10' } as const;

export function buttonClass(variant: keyof typeof variants = 'primary', size: keyof typeof sizes = 'md', extra = '') {
  return `${base} ${variants[variant]} ${sizes[size]} ${extra}`.trim();
}
