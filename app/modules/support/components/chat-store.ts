// The conversation kept in session storage: it survives navigation and reloads, and ends with the tab.
import type { ChatState } from '../chat.ts';

export const CHAT_STORE = 'kk-chat';

export type ChatLinkView = { label: string; href: string };
export type ChatMessage = { from: 'you' | 'bot'; text: string[]; links?: ChatLinkView[]; suggestions?: string[]; handoff?: boolean };
export type SavedChat = { open: boolean; messages: ChatMessage[]; state: ChatState };

const EMPTY: SavedChat = { open: false, messages: [], state: {} };

export function readChat(store: Pick<Storage, 'getItem'>): SavedChat {
  try {
    const v = JSON.parse(store.getItem(CHAT_STORE) ?? 'null') as Partial<SavedChat> | null;
    return v && Array.isArray(v.messages) ? { open: !!v.open, messages: v.messages.slice(-60), state: v.state ?? {} } : EMPTY;
  } catch {
    return EMPTY;
  }
}

/** The conversation as text for the contact form, newest last, within the form's limit. */
export function transcript(messages: ChatMessage[], labels: { you: string; bot: string }, max = 1500): string {
  const lines = messages.map((m) => `${m.from === 'you' ? labels.you : labels.bot}: ${m.text.join(' ')}`);
  let out = lines.join('\n');
  while (out.length > max && lines.length > 1) {
    lines.shift();
    out = lines.join('\n');
  }
  return out.slice(-max);
}
