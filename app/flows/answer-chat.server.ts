// One message of the chat bot (ADR 019, ADR 065): the support module answers, the orders module finds the
// order a customer asks about (the /order-status lookup, its rate limit included) and links to its page, and
// the catalogue's snapshot names the strains the bot knows.
import type { Db } from '~/db/client.server.ts';
import { loadCatalogue } from '~/modules/catalog/catalog.server.ts';
import { lookupOrder, type OrderLinks, orderStatusPath } from '~/modules/orders/orders.server.ts';
import type { ChatState } from '~/modules/support/chat.ts';
import { answerChat as answer, type ChatContext, type ChatOrderLookup } from '~/modules/support/chat.server.ts';

export type AnswerChatContext = Omit<ChatContext, 'findOrder' | 'strains'> & { links: OrderLinks };

const orderFinder =
  (db: Db, links: OrderLinks): ChatOrderLookup =>
  async (number, email, client) => {
    const found = await lookupOrder(db, number, email, client);
    if (found.status !== 'found') return { status: found.status };
    return { status: 'found', order: found.order, href: orderStatusPath(links, found.order.number, found.order.email) };
  };

export function answerChat(db: Db, message: string, state: ChatState, ctx: AnswerChatContext, now = new Date()) {
  const { links, ...rest } = ctx;
  const strains = async () => (await loadCatalogue(db)).products;
  return answer(db, message, state, { ...rest, findOrder: orderFinder(db, links), strains }, now);
}
