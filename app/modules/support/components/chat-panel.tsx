import { Bot, Loader2, RotateCcw, Send, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Form, Link } from 'react-router';
import { chat as t } from '~/i18n/nl/chat.ts';
import type { ChatState } from '../chat.ts';
import { MESSAGE_MAX } from '../chat.ts';
import { CHAT_HANDOFF } from '../support.ts';
import { CHAT_STORE, type ChatMessage, readChat, transcript } from './chat-store.ts';

type Reply = { text: string[]; links: { label: string; href: string }[]; suggestions: string[]; handoff: boolean; state: ChatState };

/**
 * The chat panel (ADR 019): a non-modal dialog beside the page. New answers are announced (a polite live
 * log), Escape closes it and focus goes back to the chat button, the conversation is kept for the session.
 */
export default function ChatPanel({ onClose }: { onClose: () => void }) {
  const [text, setText] = useState('');
  const { input, end, messages, busy, send, restart } = useConversation(() => setText(''));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send(text);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
    }
  };
  // The hand-off posts the conversation to the contact form: never in the address (ADR 065).
  const conversation = transcript(messages, { you: t.you, bot: t.bot });

  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby="chat-title"
      onKeyDown={onKeyDown}
      data-testid="chat-panel"
      className="animate-pop fixed inset-x-2 bottom-2 z-50 flex max-h-[min(640px,calc(100dvh-1rem))] flex-col overflow-hidden rounded-3xl bg-white shadow-2xl ring-1 ring-slate-200 sm:inset-x-auto sm:bottom-4 sm:left-4 sm:w-[400px] print:hidden"
    >
      <ChatHeader canClear={messages.length > 0} onRestart={restart} onClose={onClose} />

      <div role="log" aria-live="polite" aria-label={t.title} className="flex-1 space-y-3 overflow-y-auto bg-slate-50 px-4 py-4 text-sm" data-testid="chat-log">
        <div className="max-w-[85%] rounded-2xl rounded-tl-md bg-white px-3.5 py-2.5 text-slate-800 ring-1 ring-slate-200">{t.welcome}</div>
        {messages.length === 0 ? (
          <div className="flex flex-wrap gap-2">
            {t.starters.map((q) => (
              <button key={q} type="button" onClick={() => void send(q)} className="rounded-full bg-white px-3 py-1.5 text-xs font-medium text-primary-800 ring-1 ring-primary-200 hover:bg-primary-50">
                {q}
              </button>
            ))}
          </div>
        ) : null}
        {messages.map((m, i) =>
          m.from === 'you' ? (
            <div key={i} className="ml-auto max-w-[85%] rounded-2xl rounded-tr-md bg-primary-700 px-3.5 py-2.5 text-white" data-testid="chat-you">
              <span className="sr-only">{t.you}: </span>
              {m.text.join(' ')}
            </div>
          ) : (
            <BotMessage key={i} message={m} conversation={conversation} onAsk={(q) => void send(q)} onHandoff={onClose} />
          ),
        )}
        {busy ? (
          <div className="flex items-center gap-2 text-slate-600" role="status">
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
            {t.busy}
          </div>
        ) : null}
        <div ref={end} aria-hidden className="h-px" />
      </div>

      <form onSubmit={submit} className="flex items-center gap-2 border-t border-slate-200 bg-white p-3">
        <label htmlFor="chat-input" className="sr-only">
          {t.input}
        </label>
        <input
          ref={input}
          id="chat-input"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={MESSAGE_MAX}
          autoComplete="off"
          placeholder={t.placeholder}
          className="min-w-0 flex-1 rounded-full border border-slate-300 px-4 py-2.5 text-sm focus:border-primary-600 focus:ring-2 focus:ring-primary-600/30 focus:outline-none"
        />
        <button type="submit" disabled={busy || !text.trim()} className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-primary-700 text-white hover:bg-primary-800 disabled:opacity-50" aria-label={t.send}>
          <Send className="h-4 w-4" aria-hidden />
        </button>
      </form>
    </section>
  );
}

/** The conversation, kept in the session: what was said, the bot's state, and sending a question. */
function useConversation(onSend: () => void) {
  const input = useRef<HTMLInputElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const [saved] = useState(() => readChat(window.sessionStorage));
  const [messages, setMessages] = useState<ChatMessage[]>(saved.messages);
  const [state, setState] = useState<ChatState>(saved.state);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    input.current?.focus();
  }, []);
  useEffect(() => {
    window.sessionStorage.setItem(CHAT_STORE, JSON.stringify({ open: true, messages, state }));
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [messages, state]);

  async function send(question: string) {
    const message = question.trim().slice(0, MESSAGE_MAX);
    if (!message || busy) return;
    onSend();
    setMessages((m) => [...m, { from: 'you', text: [message] }]);
    setBusy(true);
    try {
      const res = await fetch('/api/chat', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ message, state }),
      });
      if (!res.ok) throw new Error(String(res.status));
      const r = (await res.json()) as Reply;
      setState(r.state);
      setMessages((m) => [...m, { from: 'bot', text: r.text, links: r.links, suggestions: r.suggestions, handoff: r.handoff }]);
    } catch (e) {
      setMessages((m) => [...m, { from: 'bot', text: [e instanceof Error && e.message === '429' ? t.tooMany : t.failed], handoff: true }]);
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  }

  const restart = () => {
    setMessages([]);
    setState({});
    input.current?.focus();
  };
  return { input, end, messages, busy, send, restart };
}

function ChatHeader({ canClear, onRestart, onClose }: { canClear: boolean; onRestart: () => void; onClose: () => void }) {
  return (
    <div className="flex items-start gap-3 bg-primary-800 px-4 py-3 text-white">
      <span className="mt-0.5 grid h-9 w-9 shrink-0 place-items-center rounded-full bg-white/15" aria-hidden>
        <Bot className="h-5 w-5" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="chat-title" className="font-semibold">
          {t.title}
        </h2>
        <p className="text-xs text-primary-100">{t.subtitle}</p>
      </div>
      {canClear ? (
        <button type="button" onClick={onRestart} className="rounded-full p-2 hover:bg-white/15" aria-label={t.clear} title={t.clear}>
          <RotateCcw className="h-4 w-4" aria-hidden />
        </button>
      ) : null}
      <button type="button" onClick={onClose} className="rounded-full p-2 hover:bg-white/15" aria-label={t.close} data-testid="chat-close">
        <X className="h-5 w-5" aria-hidden />
      </button>
    </div>
  );
}

type BotMessageProps = { message: ChatMessage; conversation: string; onAsk: (question: string) => void; onHandoff: () => void };

function BotMessage({ message, conversation, onAsk, onHandoff }: BotMessageProps) {
  return (
    <div className="max-w-[90%] space-y-2 rounded-2xl rounded-tl-md bg-white px-3.5 py-2.5 text-slate-800 ring-1 ring-slate-200" data-testid="chat-bot">
      <span className="sr-only">{t.bot}: </span>
      {message.text.map((line, j) => (
        <p key={j}>{line}</p>
      ))}
      {message.links?.length ? (
        <p className="flex flex-wrap gap-x-3 gap-y-1">
          {message.links.map((l) => (
            <Link key={l.href} to={l.href} className="font-semibold text-primary-800 underline underline-offset-2 hover:text-primary-900">
              {l.label}
            </Link>
          ))}
        </p>
      ) : null}
      {message.suggestions?.length ? (
        <div>
          <p className="text-xs font-semibold text-slate-600">{t.didYouMean}</p>
          <div className="mt-1 flex flex-col items-start gap-1.5">
            {message.suggestions.map((q) => (
              <button key={q} type="button" onClick={() => onAsk(q)} className="rounded-xl bg-primary-50 px-3 py-1.5 text-left text-xs font-medium text-primary-900 ring-1 ring-primary-200 hover:bg-primary-100">
                {q}
              </button>
            ))}
          </div>
        </div>
      ) : null}
      {message.handoff ? (
        // The conversation is now in the form: the panel closes so the form has the screen (a phone's included).
        <Form method="post" action="/contact" onSubmit={onHandoff} data-testid="chat-handoff-form">
          <input type="hidden" name="intent" value={CHAT_HANDOFF} />
          <input type="hidden" name="bericht" value={conversation} />
          <button type="submit" className="inline-block rounded-full bg-primary-700 px-3.5 py-1.5 text-xs font-semibold text-white hover:bg-primary-800" data-testid="chat-handoff">
            {t.handoffLink}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
