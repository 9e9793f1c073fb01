import { useState } from 'react';
import { useHydrated } from '~/components/use-hydrated.ts';

/**
 * Copies `text` to the clipboard. Needs JavaScript, so it is not rendered before hydration (a button that does
 * nothing would be worse than none); the page offers another way where it matters. The label says when it worked.
 */
export function CopyButton({ text, label, copiedLabel, className }: { text: string; label: string; copiedLabel: string; className: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated) return null;
  return (
    <button type="button" className={className} onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true), () => setCopied(false))}>
      <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </button>
  );
}
