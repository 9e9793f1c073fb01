import { Flame, Leaf, Mountain, Sparkles, Sprout, Timer, Trophy, Wheat, type LucideIcon } from 'lucide-react';
import type { CategoryIconName } from '~/lib/settings.ts';

// Icons by the names stored with the collections; unknown names get no icon.
const icons: Record<CategoryIconName, LucideIcon> = { flame: Flame, wheat: Wheat, timer: Timer, leaf: Leaf, sprout: Sprout, sparkles: Sparkles, trophy: Trophy, mountain: Mountain };

export function CategoryIcon({ name, className }: { name: string | null; className?: string }) {
  const Icon = name ? (icons as Record<string, LucideIcon>)[name] : undefined;
  return Icon ? <Icon className={className} aria-hidden /> : null;
}
