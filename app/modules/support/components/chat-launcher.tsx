import { MessageCircle } from 'lucide-react';
import { lazy, type MouseEvent, Suspense, useRef, useState } from 'react';
import { useHydrated } from '~/components/use-hydrated.ts';
import { nl } from '~/i18n/nl.ts';
import { CHAT_STORE, readChat } from './chat-store.ts';

// The panel's code loads on the first click (or when a conversation was open before a reload).
const ChatPanel = lazy(() => import('./chat-panel.tsx'));

/**
 * The chat button on every page (ADR 019). Without JavaScript it is a link to the contact form; with it,
 * it opens the chat panel. The conversation and whether it was open survive navigation (session storage).
 */
export function ChatLauncher() {
  // Until the visitor clicks: open if it was open before this page load (known only after hydration).
  const [chosen, setOpen] = useState<boolean | null>(null);
  const hydrated = useHydrated();
  const open = chosen ?? (hydrated && readChat(window.sessionStorage).open);
  const button = useRef<HTMLAnchorElement>(null);
  const toggle = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    setOpen(!open);
  };
  const close = () => {
    setOpen(false);
    const saved = readChat(window.sessionStorage);
    window.sessionStorage.setItem(CHAT_STORE, JSON.stringify({ ...saved, open: false }));
    button.current?.focus();
  };
  return (
    <aside aria-label={nl.chatLauncher}>
      <a
        ref={button}
        href="/contact"
        onClick={toggle}
        aria-expanded={open}
        aria-label={nl.chatLauncher}
        data-testid="chat-launcher"
        className="chat-launcher fixed bottom-4 left-4 z-30 inline-flex h-14 items-center gap-2 rounded-full bg-primary-700 px-4 font-semibold text-white shadow-lg ring-4 ring-white/60 transition hover:bg-primary-800 focus-visible:ring-primary-300 print:hidden sm:px-5"
      >
        <MessageCircle className="h-6 w-6" aria-hidden />
        <span className="hidden text-sm sm:inline">{nl.chatLauncher}</span>
      </a>
      {open ? (
        <Suspense fallback={null}>
          <ChatPanel onClose={close} />
        </Suspense>
      ) : null}
    </aside>
  );
}
