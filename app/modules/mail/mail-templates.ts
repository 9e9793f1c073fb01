// Renders the shop's mails to subject, plain text and HTML. Pure: no database, no I/O.
// Both bodies are built from one list of blocks so the text version always mirrors the HTML.
import { clockTime, longDate, weekdayDate } from '~/lib/format.ts';
import { mail as t } from '~/i18n/nl/mail.ts';
import { formatMoney } from '~/lib/money.ts';
import type {
  BackInStockMail,
  ClaimMail,
  ContactConfirmationMail,
  ContactMessageMail,
  ContactReplyMail,
  EmailChangeMail,
  EmailChangeNoticeMail,
  EmailVerifyMail,
  Mail,
  NewsletterConfirmMail,
  NewsletterWelcomeMail,
  OrderMailData,
  OrderMailTemplate,
  PasswordChangedMail,
  PasswordResetMail,
  RestockConfirmMail,
  SignupAttemptMail,
} from './mail.ts';

/** `headers`: extra mail headers (List-Unsubscribe on newsletter mail). */
export type RenderedMail = { subject: string; text: string; html: string; headers?: Record<string, string> };

type Row = { label: string; value: string; strong?: boolean };
type Block =
  | { kind: 'title'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'lines'; lines: { name: string; detail: string; amount: string }[]; totals: Row[] }
  | { kind: 'facts'; rows: Row[] }
  | { kind: 'address'; lines: string[] }
  | { kind: 'link'; text: string; url: string }
  /** Text as the customer typed it: line breaks kept, always escaped. */
  | { kind: 'quote'; text: string }
  /** Text a staff member typed: line breaks kept, always escaped, not quoted. */
  | { kind: 'text'; text: string };

const GREEN = '#15803d';
const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

// The order mails: the subject names the order, the body is drawn from the order's snapshot.
const ORDER_MAILS: Record<OrderMailTemplate, { subject: (orderNumber: string) => string; body: (d: OrderMailData) => Block[] }> = {
  order_received: { subject: t.orderReceived.subject, body: orderReceived },
  payment_received: { subject: t.paymentReceived.subject, body: paymentReceived },
  order_shipped: { subject: t.orderShipped.subject, body: orderShipped },
  payment_partial: { subject: t.paymentPartial.subject, body: paymentPartial },
  payment_reminder: { subject: t.paymentReminder.subject, body: paymentReminder },
  order_expired: { subject: t.orderExpired.subject, body: orderExpired },
  order_cancelled: { subject: t.orderCancelled.subject, body: orderCancelled },
  order_refunded: { subject: t.orderRefunded.subject, body: orderRefunded },
  address_changed: { subject: t.addressChanged.subject, body: addressChanged },
};

const isOrderMail = (m: Mail): m is Extract<Mail, { template: OrderMailTemplate }> => Object.hasOwn(ORDER_MAILS, m.template);

// Mails with a fixed subject and the footer that says whom to answer (the shop's general footer when none is named).
type FixedTemplate = 'password_reset' | 'signup_attempt' | 'email_verify' | 'email_change' | 'email_change_notice' | 'password_changed' | 'contact_confirmation' | 'newsletter_confirm' | 'restock_confirm';
type FixedMail = Extract<Mail, { template: FixedTemplate }>;
const FIXED_MAILS: { [K in FixedTemplate]: { subject: string; body: (d: Extract<Mail, { template: K }>['data']) => Block[]; footer?: string } } = {
  password_reset: { subject: t.passwordReset.subject, body: passwordReset, footer: t.accountFooter },
  signup_attempt: { subject: t.signupAttempt.subject, body: signupAttempt, footer: t.accountFooter },
  email_verify: { subject: t.emailVerify.subject, body: emailVerify, footer: t.accountFooter },
  email_change: { subject: t.emailChange.subject, body: emailChange, footer: t.accountFooter },
  email_change_notice: { subject: t.emailChangeNotice.subject, body: emailChangeNotice, footer: t.accountFooter },
  password_changed: { subject: t.passwordChanged.subject, body: passwordChanged, footer: t.accountFooter },
  contact_confirmation: { subject: t.contactConfirmation.subject, body: contactConfirmation, footer: t.supportFooter },
  newsletter_confirm: { subject: t.newsletterConfirm.subject, body: newsletterConfirm },
  restock_confirm: { subject: t.restockConfirm.subject, body: restockConfirm },
};
const isFixedMail = (m: Mail): m is FixedMail => Object.hasOwn(FIXED_MAILS, m.template);

export function renderMail(m: Mail): RenderedMail {
  if (isOrderMail(m)) {
    const mail = ORDER_MAILS[m.template];
    return render(mail.subject(m.data.orderNumber), mail.body(m.data));
  }
  if (isFixedMail(m)) {
    // TypeScript does not tie the entry picked by m.template to m.data's type; the table's type does.
    const mail = FIXED_MAILS[m.template] as { subject: string; body: (d: FixedMail['data']) => Block[]; footer?: string };
    return render(mail.subject, mail.body(m.data), mail.footer);
  }
  switch (m.template) {
    case 'contact_reply':
      return render(t.contactReply.subject(m.data.orderNumber), contactReply(m.data), t.supportFooter);
    case 'newsletter_welcome':
      // RFC 2369 / RFC 8058: mail programs offer their own one-click unsubscribe button.
      return {
        ...render(t.newsletterWelcome.subject, newsletterWelcome(m.data), t.newsletterFooter),
        headers: { 'List-Unsubscribe': `<${m.data.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      };
    case 'back_in_stock':
      return {
        ...render(t.backInStock.subject(m.data.name), backInStock(m.data), t.backInStock.footer),
        headers: { 'List-Unsubscribe': `<${m.data.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      };
    case 'contact_message':
      return render(t.contactMessage.subject(m.data.topic, m.data.name, m.data.orderNumber), contactMessage(m.data), t.contactMessage.footer);
    case 'claim_received':
    case 'claim_approved':
    case 'claim_rejected':
      return render(t.claim[m.template].subject(m.data.orderNumber), claimMail(m));
    default:
      throw new Error(`Onbekend mailsjabloon: ${String((m as { template: unknown }).template)}`);
  }
}

function claimMail(m: ClaimMail): Block[] {
  const d = m.data;
  const c = t.claim;
  const blocks: Block[] = [
    { kind: 'title', text: c[m.template].title },
    { kind: 'paragraph', text: t.greeting(d.firstName) },
    { kind: 'paragraph', text: c[m.template].intro(d.orderNumber) },
    {
      kind: 'facts',
      rows: [
        { label: c.product, value: d.product },
        { label: c.failed, value: c.failedOf(d.seedsFailed, d.seedsSown) },
      ],
    },
  ];
  if (d.replacement) blocks.push({ kind: 'paragraph', text: c.replacement(d.replacement.number) }, { kind: 'link', text: c.viewReplacement, url: d.replacement.url });
  if (d.credit) blocks.push({ kind: 'paragraph', text: c.credit(formatMoney(d.credit.amount, d.credit.currency)) });
  if (d.reason) blocks.push({ kind: 'heading', text: c.reason }, { kind: 'text', text: d.reason });
  blocks.push({ kind: 'link', text: t.viewOrder, url: d.statusUrl });
  return blocks;
}

function newsletterConfirm(d: NewsletterConfirmMail['data']): Block[] {
  return [
    { kind: 'title', text: t.newsletterConfirm.title },
    { kind: 'paragraph', text: t.newsletterConfirm.intro },
    { kind: 'link', text: t.newsletterConfirm.button, url: d.confirmUrl },
    { kind: 'paragraph', text: t.newsletterConfirm.valid(d.validHours) },
    { kind: 'paragraph', text: t.newsletterConfirm.notYou },
  ];
}

function newsletterWelcome(d: NewsletterWelcomeMail['data']): Block[] {
  const blocks: Block[] = [
    { kind: 'title', text: t.newsletterWelcome.title },
    { kind: 'paragraph', text: t.newsletterWelcome.intro },
  ];
  if (d.couponCode) {
    blocks.push({ kind: 'paragraph', text: t.newsletterWelcome.code(d.percent) }, { kind: 'facts', rows: [{ label: t.newsletterWelcome.codeLabel, value: d.couponCode, strong: true }] });
  } else {
    blocks.push({ kind: 'paragraph', text: t.newsletterWelcome.welcomeBack });
  }
  blocks.push({ kind: 'link', text: t.newsletterWelcome.shop, url: d.shopUrl }, { kind: 'link', text: t.newsletterWelcome.unsubscribe, url: d.unsubscribeUrl });
  return blocks;
}

function restockConfirm(d: RestockConfirmMail['data']): Block[] {
  return [
    { kind: 'title', text: t.restockConfirm.title },
    { kind: 'paragraph', text: t.restockConfirm.intro(d.name, d.seeds) },
    { kind: 'link', text: t.restockConfirm.button, url: d.confirmUrl },
    { kind: 'paragraph', text: t.newsletterConfirm.valid(d.validHours) },
    { kind: 'paragraph', text: t.restockConfirm.notYou },
  ];
}

function backInStock(d: BackInStockMail['data']): Block[] {
  return [
    { kind: 'title', text: t.backInStock.title },
    { kind: 'paragraph', text: t.backInStock.intro(d.name, d.seeds) },
    { kind: 'link', text: t.backInStock.button, url: d.productUrl },
    { kind: 'paragraph', text: t.backInStock.once },
    { kind: 'link', text: t.backInStock.unsubscribe, url: d.unsubscribeUrl },
  ];
}

function orderReceived(d: OrderMailData): Block[] {
  const money = (minor: number) => formatMoney(minor, d.currency);
  const blocks: Block[] = [
    { kind: 'title', text: t.orderReceived.title },
    { kind: 'paragraph', text: t.greeting(d.shippingAddress.firstName) },
    { kind: 'paragraph', text: t.orderReceived.intro(d.orderNumber) },
    { kind: 'heading', text: t.orderReceived.summary },
    {
      kind: 'lines',
      lines: d.lines.map((l) => ({
        name: l.name,
        detail: [t.seeds(l.seeds), t.quantity(l.quantity), l.isFree ? t.gift : t.each(money(l.unitPrice))].join(' · '),
        amount: l.isFree ? t.free : money(l.unitPrice * l.quantity),
      })),
      totals: [
        { label: t.subtotal, value: money(d.subtotal) },
        ...(d.discount > 0 ? [{ label: d.couponCode ? t.discountWithCode(d.couponCode) : t.discount, value: `−${money(d.discount)}` }] : []),
        { label: t.shipping, value: d.shipping === 0 ? t.free : money(d.shipping) },
        ...(d.credit ? [{ label: t.paidWithCredit, value: `−${money(d.credit)}` }] : []),
        { label: t.total, value: money(d.total), strong: true },
      ],
    },
    { kind: 'heading', text: t.orderReceived.delivery },
    ...deliveryFacts(d, t.deliveryAfterPayment(d.deliveryMinDays, d.deliveryMaxDays)),
    { kind: 'heading', text: t.orderReceived.payment },
    ...paymentBlocks(d),
    { kind: 'link', text: t.viewOrder, url: d.statusUrl },
  ];
  return blocks;
}

function paymentBlocks(d: OrderMailData): Block[] {
  const i = d.instructions;
  if (i?.kind === 'bank_transfer') {
    return [
      { kind: 'paragraph', text: t.orderReceived.bankIntro },
      {
        kind: 'facts',
        rows: [
          { label: t.orderReceived.accountHolder, value: i.account.name },
          { label: t.orderReceived.iban, value: i.account.iban },
          { label: t.orderReceived.bic, value: i.account.bic },
          { label: t.orderReceived.amount, value: formatMoney(i.amount, i.currency), strong: true },
          { label: t.orderReceived.reference, value: i.reference, strong: true },
        ],
      },
      { kind: 'paragraph', text: t.orderReceived.bankDeadline(formatDate(i.dueDate)) },
    ];
  }
  if (i?.kind === 'cash_by_mail') {
    return [
      { kind: 'paragraph', text: t.orderReceived.cashIntro },
      { kind: 'address', lines: i.address },
      { kind: 'facts', rows: [{ label: t.orderReceived.amount, value: formatMoney(i.amount, i.currency), strong: true }] },
      { kind: 'paragraph', text: t.orderReceived.cashReference(i.reference) },
      { kind: 'paragraph', text: t.orderReceived.cashDeadline(formatDate(i.dueDate)) },
    ];
  }
  if (i?.kind === 'online' || d.paymentMethod === 'online') return [{ kind: 'paragraph', text: t.orderReceived.onlineProcessing }];
  return [{ kind: 'paragraph', text: t.orderReceived.nextSteps }];
}

function paymentReminder(d: OrderMailData): Block[] {
  const due = d.instructions && d.instructions.kind !== 'online' ? formatDateTime(d.instructions.dueDate) : '';
  return [
    { kind: 'title', text: t.paymentReminder.title },
    { kind: 'paragraph', text: t.greeting(d.shippingAddress.firstName) },
    { kind: 'paragraph', text: t.paymentReminder.intro(d.orderNumber, due) },
    { kind: 'heading', text: t.orderReceived.payment },
    ...paymentBlocks(d),
    { kind: 'paragraph', text: t.paymentReminder.crossed },
    { kind: 'link', text: t.viewOrder, url: d.statusUrl },
  ];
}

function orderExpired(d: OrderMailData): Block[] {
  return [
    { kind: 'title', text: t.orderExpired.title },
    { kind: 'paragraph', text: t.greeting(d.shippingAddress.firstName) },
    { kind: 'paragraph', text: t.orderExpired.intro(d.orderNumber) },
    { kind: 'facts', rows: [{ label: t.orderNumber, value: d.orderNumber }, { label: t.total, value: formatMoney(d.total, d.currency) }] },
    { kind: 'paragraph', text: t.orderExpired.paidAnyway },
    { kind: 'paragraph', text: t.orderExpired.orderAgain },
    { kind: 'link', text: t.viewOrder, url: d.statusUrl },
  ];
}

function paymentPartial(d: OrderMailData): Block[] {
  const r = d.received ?? { amount: 0, due: d.total };
  return [
    { kind: 'title', text: t.paymentPartial.title },
    { kind: 'paragraph', text: t.greeting(d.shippingAddress.firstName) },
    { kind: 'paragraph', text: t.paymentPartial.intro(formatMoney(r.amount, d.currency), d.orderNumber) },
    { kind: 'paragraph', text: t.paymentPartial.due(formatMoney(r.due, d.currency)) },
    ...moneyBlocks(d),
    { kind: 'heading', text: t.orderReceived.payment },
    ...paymentBlocks(d),
    { kind: 'link', text: t.viewOrder, url: d.statusUrl },
  ];
}

/** The order's money so far, when the mail carries it. */
function moneyBlocks(d: OrderMailData): Block[] {
  return d.money?.length ? [{ kind: 'heading', text: t.moneyTitle }, { kind: 'facts', rows: d.money }] : [];
}

function paymentReceived(d: OrderMailData): Block[] {
  return [
    { kind: 'title', text: t.paymentReceived.title },
    { kind: 'paragraph', text: t.greeting(d.shippingAddress.firstName) },
    { kind: 'paragraph', text: t.paymentReceived.intro(formatMoney(d.total, d.currency), d.orderNumber) },
    { kind: 'paragraph', text: t.paymentReceived.packing },
    ...moneyBlocks(d),
    ...deliveryFacts(d, t.deliveryAfterPayment(d.deliveryMinDays, d.deliveryMaxDays)),
    { kind: 'link', text: t.viewOrder, url: d.statusUrl },
  ];
}

function orderShipped(d: OrderMailData): Block[] {
  const blocks: Block[] = [
    { kind: 'title', text: t.orderShipped.title },
    { kind: 'paragraph', text: t.greeting(d.shippingAddress.firstName) },
  ];
  // One parcel of several: say what is in it and that the rest follows.
  if (d.parcel?.more) {
    blocks.push(
      { kind: 'paragraph', text: t.orderShipped.parcelIntro(d.orderNumber) },
      { kind: 'lines', lines: d.parcel.lines.map((l) => ({ name: l.name, detail: [t.seeds(l.seeds), t.quantity(l.quantity)].join(' · '), amount: '' })), totals: [] },
      { kind: 'paragraph', text: t.orderShipped.more },
    );
  } else blocks.push({ kind: 'paragraph', text: t.orderShipped.intro(d.orderNumber) });
  if (d.pointsEarned && d.pointsEarned > 0) blocks.push({ kind: 'paragraph', text: t.orderShipped.pointsEarned(d.pointsEarned) });
  blocks.push(...deliveryFacts(d, t.deliveryAfterShipping(d.deliveryMinDays, d.deliveryMaxDays), d.tracking?.code));
  if (d.tracking?.url) blocks.push({ kind: 'link', text: t.orderShipped.trackParcel, url: d.tracking.url });
  blocks.push({ kind: 'link', text: t.viewOrder, url: d.statusUrl });
  return blocks;
}

function orderCancelled(d: OrderMailData): Block[] {
  const blocks: Block[] = [
    { kind: 'title', text: t.orderCancelled.title },
    { kind: 'paragraph', text: t.greeting(d.shippingAddress.firstName) },
    { kind: 'paragraph', text: t.orderCancelled.intro(d.orderNumber) },
  ];
  if (d.refund) blocks.push({ kind: 'paragraph', text: t.orderCancelled.paid }, ...moneyBlocks(d));
  blocks.push({ kind: 'paragraph', text: t.orderCancelled.questions }, { kind: 'link', text: t.viewOrder, url: d.statusUrl });
  return blocks;
}

function orderRefunded(d: OrderMailData): Block[] {
  const r = d.refund;
  const amount = formatMoney(r?.amount ?? 0, r?.currency ?? d.currency);
  const blocks: Block[] = [
    { kind: 'title', text: t.orderRefunded.title },
    { kind: 'paragraph', text: t.greeting(d.shippingAddress.firstName) },
    { kind: 'paragraph', text: t.orderRefunded.intro(amount, d.orderNumber) },
    { kind: 'paragraph', text: r?.credit ? t.orderRefunded.credit : r?.manual ? t.orderRefunded.manual : t.orderRefunded.online },
  ];
  if (r?.reason) blocks.push({ kind: 'facts', rows: [{ label: t.orderRefunded.reason, value: r.reason }] });
  blocks.push(...moneyBlocks(d));
  blocks.push({ kind: 'link', text: t.viewOrder, url: d.statusUrl });
  return blocks;
}

function addressChanged(d: OrderMailData): Block[] {
  return [
    { kind: 'title', text: t.addressChanged.title },
    { kind: 'paragraph', text: t.greeting(d.shippingAddress.firstName) },
    { kind: 'paragraph', text: t.addressChanged.intro(d.orderNumber) },
    { kind: 'address', lines: addressLines(d.shippingAddress) },
    { kind: 'paragraph', text: t.addressChanged.notYou },
    { kind: 'link', text: t.viewOrder, url: d.statusUrl },
  ];
}

function passwordReset(d: PasswordResetMail['data']): Block[] {
  return [
    { kind: 'title', text: t.passwordReset.title },
    { kind: 'paragraph', text: t.greeting(d.name) },
    { kind: 'paragraph', text: t.passwordReset.intro },
    { kind: 'link', text: t.passwordReset.button, url: d.resetUrl },
    { kind: 'paragraph', text: t.passwordReset.validity(t.validFor(d.validMinutes)) },
    { kind: 'paragraph', text: t.passwordReset.sessions },
    { kind: 'paragraph', text: t.passwordReset.notYou },
  ];
}

function signupAttempt(d: SignupAttemptMail['data']): Block[] {
  return [
    { kind: 'title', text: t.signupAttempt.title },
    { kind: 'paragraph', text: t.greeting(d.name) },
    { kind: 'paragraph', text: t.signupAttempt.intro },
    { kind: 'link', text: t.signupAttempt.login, url: d.loginUrl },
    { kind: 'paragraph', text: t.signupAttempt.forgotIntro },
    { kind: 'link', text: t.signupAttempt.forgot, url: d.forgotUrl },
    { kind: 'paragraph', text: t.signupAttempt.notYou },
  ];
}

type ConfirmTexts = { title: string; intro: string; button: string; validity: (period: string) => string; notYou: string };

/** The two "confirm this address" mails: the button with the link, how long it works, and `extra` before the closing line. */
function confirmAddress(c: ConfirmTexts, name: string, url: string, validHours: number, extra: string[] = []): Block[] {
  return [
    { kind: 'title', text: c.title },
    { kind: 'paragraph', text: t.greeting(name) },
    { kind: 'paragraph', text: c.intro },
    { kind: 'link', text: c.button, url },
    { kind: 'paragraph', text: c.validity(t.validFor(validHours * 60)) },
    ...extra.map((text): Block => ({ kind: 'paragraph', text })),
    { kind: 'paragraph', text: c.notYou },
  ];
}

function emailVerify(d: EmailVerifyMail['data']): Block[] {
  return confirmAddress(t.emailVerify, d.name, d.verifyUrl, d.validHours);
}

function emailChange(d: EmailChangeMail['data']): Block[] {
  return confirmAddress(t.emailChange, d.name, d.confirmUrl, d.validHours, [t.emailChange.sessions]);
}

function emailChangeNotice(d: EmailChangeNoticeMail['data']): Block[] {
  return [
    { kind: 'title', text: t.emailChangeNotice.title },
    { kind: 'paragraph', text: t.greeting(d.name) },
    { kind: 'paragraph', text: t.emailChangeNotice.intro(d.newEmail) },
    { kind: 'paragraph', text: t.emailChangeNotice.notYou },
    { kind: 'link', text: t.emailChangeNotice.forgot, url: d.forgotUrl },
  ];
}

function passwordChanged(d: PasswordChangedMail['data']): Block[] {
  return [
    { kind: 'title', text: t.passwordChanged.title },
    { kind: 'paragraph', text: t.greeting(d.name) },
    { kind: 'paragraph', text: t.passwordChanged.intro },
    { kind: 'paragraph', text: t.passwordChanged.notYou },
    { kind: 'link', text: t.passwordChanged.forgot, url: d.forgotUrl },
  ];
}

function contactConfirmation(d: ContactConfirmationMail['data']): Block[] {
  const c = t.contactConfirmation;
  return [
    { kind: 'title', text: c.title },
    { kind: 'paragraph', text: t.greeting(firstName(d.name)) },
    { kind: 'paragraph', text: c.intro },
    { kind: 'paragraph', text: c.answerBy(formatDateTime(d.answerBy)) },
    { kind: 'heading', text: c.yourMessage },
    {
      kind: 'facts',
      rows: [
        { label: c.topic, value: d.topic },
        ...(d.orderNumber ? [{ label: t.orderNumber, value: d.orderNumber }] : []),
        { label: c.sentAt, value: formatDateTime(d.receivedAt) },
      ],
    },
    { kind: 'quote', text: d.message },
    { kind: 'paragraph', text: c.selfService },
    { kind: 'link', text: c.faq, url: d.faqUrl },
    ...(d.orderNumber ? [{ kind: 'link' as const, text: c.orderStatus, url: d.orderStatusUrl }] : []),
    { kind: 'paragraph', text: c.notYou },
  ];
}

function contactMessage(d: ContactMessageMail['data']): Block[] {
  const c = t.contactMessage;
  return [
    { kind: 'title', text: c.title },
    {
      kind: 'facts',
      rows: [
        { label: c.name, value: d.name },
        { label: c.email, value: d.email },
        { label: c.topic, value: d.topic, strong: true },
        ...(d.orderNumber ? [{ label: t.orderNumber, value: d.orderNumber, strong: true }] : []),
        { label: c.account, value: d.accountId === null ? c.guest : c.accountId(d.accountId) },
        { label: c.receivedAt, value: formatDateTime(d.receivedAt) },
        { label: c.answerBy, value: formatDateTime(d.answerBy), strong: true },
      ],
    },
    { kind: 'heading', text: c.message },
    { kind: 'quote', text: d.message },
    { kind: 'paragraph', text: c.reply },
  ];
}

function contactReply(d: ContactReplyMail['data']): Block[] {
  const c = t.contactReply;
  return [
    { kind: 'paragraph', text: t.greeting(firstName(d.name)) },
    { kind: 'text', text: d.reply },
    { kind: 'paragraph', text: c.signOff(d.staffName) },
    { kind: 'heading', text: c.yourMessage(formatDateTime(d.receivedAt)) },
    ...(d.orderNumber ? [{ kind: 'facts' as const, rows: [{ label: t.orderNumber, value: d.orderNumber }] }] : []),
    { kind: 'quote', text: d.message },
    { kind: 'paragraph', text: c.answer },
  ];
}

/** "Jan" of "Jan de Vries": the greeting of the account mails uses the first name too. */
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

function deliveryFacts(d: OrderMailData, estimate: string, trackingCode?: string): Block[] {
  const rows: Row[] = [
    { label: t.orderNumber, value: d.orderNumber },
    { label: t.shippingMethod, value: t.carriers[d.carrier] ?? d.carrier },
  ];
  if (trackingCode) rows.push({ label: t.orderShipped.trackingCode, value: trackingCode, strong: true });
  rows.push({ label: t.expectedDelivery, value: estimate });
  return [
    { kind: 'facts', rows },
    { kind: 'paragraph', text: `${t.shippingAddress}:` },
    { kind: 'address', lines: addressLines(d.shippingAddress) },
  ];
}

function addressLines(a: OrderMailData['shippingAddress']): string[] {
  return [
    `${a.firstName} ${a.lastName}`.trim(),
    a.line1,
    a.line2,
    `${a.postalCode} ${a.city}`.trim(),
    a.state,
    a.countryName,
  ].filter((l) => l && l.trim());
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : longDate(date);
}

/** "dinsdag 24 november om 14:05", shop time (Amsterdam). */
function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : t.dateTime(weekdayDate(date), clockTime(date));
}

function render(subject: string, body: Block[], footer: string = t.footer): RenderedMail {
  return { subject, text: renderText(body, footer), html: renderHtml(subject, body, footer) };
}

// ---- plain text ----

function renderText(blocks: Block[], footer: string): string {
  const out: string[] = [t.brand, '='.repeat(t.brand.length), ''];
  for (const b of blocks) {
    switch (b.kind) {
      case 'title':
        out.push(b.text, '');
        break;
      case 'heading':
        out.push(b.text.toUpperCase(), '-'.repeat(b.text.length));
        break;
      case 'paragraph':
        out.push(b.text, '');
        break;
      case 'lines':
        for (const l of b.lines) out.push(`- ${l.name}`, l.amount ? `  ${l.detail}: ${l.amount}` : `  ${l.detail}`);
        out.push('');
        for (const r of b.totals) out.push(`${r.label}: ${r.value}`);
        out.push('');
        break;
      case 'facts':
        for (const r of b.rows) out.push(`${r.label}: ${r.value}`);
        out.push('');
        break;
      case 'address':
        for (const l of b.lines) out.push(`  ${l}`);
        out.push('');
        break;
      case 'link':
        out.push(`${b.text}: ${b.url}`, '');
        break;
      case 'quote':
        for (const l of b.text.split('\n')) out.push(l ? `> ${l}` : '>');
        out.push('');
        break;
      case 'text':
        out.push(b.text, '');
        break;
    }
  }
  out.push(t.signOff, t.team, '', '--', footer, t.disclaimer, '');
  return out.join('\n');
}

// ---- HTML: tables and inline styles, which is what mail clients render reliably ----

function isWebUrl(url: string) {
  return /^https?:\/\//i.test(url);
}

function renderHtml(subject: string, blocks: Block[], footer: string): string {
  const body = blocks.map(htmlBlock).join('\n');
  return `<!doctype html>
<html lang="nl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f1f5f9;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f1f5f9;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:#ffffff;border-radius:8px;font-family:${FONT};font-size:15px;line-height:1.5;color:#0f172a;">
<tr><td style="background:${GREEN};color:#ffffff;padding:20px 24px;font-size:22px;font-weight:bold;border-radius:8px 8px 0 0;">${escapeHtml(t.brand)}</td></tr>
<tr><td style="padding:24px;">
${body}
<p style="margin:24px 0 0;">${escapeHtml(t.signOff)}<br>${escapeHtml(t.team)}</p>
</td></tr>
<tr><td style="padding:16px 24px;background:#f8fafc;color:#64748b;font-size:12px;border-radius:0 0 8px 8px;">
<p style="margin:0 0 8px;">${escapeHtml(footer)}</p>
<p style="margin:0;">${escapeHtml(t.disclaimer)}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function htmlBlock(b: Block): string {
  switch (b.kind) {
    case 'title':
      return `<h1 style="margin:0 0 16px;font-size:22px;color:${GREEN};">${escapeHtml(b.text)}</h1>`;
    case 'heading':
      return `<h2 style="margin:24px 0 8px;font-size:17px;color:#0f172a;">${escapeHtml(b.text)}</h2>`;
    case 'paragraph':
      return `<p style="margin:0 0 12px;">${escapeHtml(b.text)}</p>`;
    case 'lines': {
      const lines = b.lines
        .map(
          (l) =>
            `<tr><td style="padding:8px 0;border-bottom:1px solid #e2e8f0;"><strong>${escapeHtml(l.name)}</strong><br><span style="color:#475569;font-size:13px;">${escapeHtml(l.detail)}</span></td>` +
            `<td align="right" style="padding:8px 0;border-bottom:1px solid #e2e8f0;white-space:nowrap;vertical-align:top;">${escapeHtml(l.amount)}</td></tr>`,
        )
        .join('\n');
      const totals = b.totals.map((r) => rowHtml(r, 'right')).join('\n');
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 12px;">\n${lines}\n${totals}\n</table>`;
    }
    case 'facts':
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 12px;">\n${b.rows.map((r) => rowHtml(r, 'left')).join('\n')}\n</table>`;
    case 'quote':
      return `<p style="margin:0 0 16px;padding:12px 16px;background:#f8fafc;border-left:3px solid ${GREEN};white-space:pre-wrap;word-break:break-word;">${escapeHtml(b.text)}</p>`;
    case 'text':
      return `<p style="margin:0 0 12px;white-space:pre-wrap;word-break:break-word;">${escapeHtml(b.text)}</p>`;
    case 'address':
      return `<p style="margin:0 0 12px;padding:8px 12px;background:#f8fafc;border-left:3px solid ${GREEN};">${b.lines.map(escapeHtml).join('<br>')}</p>`;
    case 'link':
      if (!isWebUrl(b.url)) return `<p style="margin:0 0 12px;">${escapeHtml(b.text)}: ${escapeHtml(b.url)}</p>`;
      return (
        `<p style="margin:16px 0;"><a href="${escapeHtml(b.url)}" style="display:inline-block;background:${GREEN};color:#ffffff;text-decoration:none;font-weight:bold;padding:10px 18px;border-radius:6px;">${escapeHtml(b.text)}</a></p>` +
        `\n<p style="margin:0 0 12px;font-size:12px;color:#64748b;word-break:break-all;">${escapeHtml(b.url)}</p>`
      );
  }
}

function rowHtml(r: Row, align: 'left' | 'right'): string {
  const weight = r.strong ? 'font-weight:bold;' : '';
  return `<tr><td style="padding:4px 0;color:#475569;${weight}">${escapeHtml(r.label)}</td><td align="${align}" style="padding:4px 0 4px 12px;${weight}">${escapeHtml(r.value)}</td></tr>`;
}

// ---- the dev outbox page (/dev/mail, dev only) ----

export type DevMailEntry = { file: string; subject: string; to: string; date: Date };

export function renderDevOutboxPage(entries: DevMailEntry[]): string {
  const o = t.devOutbox;
  const rows = entries
    .map(
      (e) =>
        `<tr><td>${escapeHtml(e.date.toISOString())}</td><td>${escapeHtml(e.to)}</td><td><a href="/dev/mail/${encodeURIComponent(e.file)}">${escapeHtml(e.subject || e.file)}</a></td></tr>`,
    )
    .join('\n');
  const table = entries.length
    ? `<table>\n<thead><tr><th>${escapeHtml(o.date)}</th><th>${escapeHtml(o.to)}</th><th>${escapeHtml(o.subject)}</th></tr></thead>\n<tbody>\n${rows}\n</tbody>\n</table>`
    : `<p>${escapeHtml(o.empty)}</p>`;
  return `<!doctype html>
<html lang="nl">
<head><meta charset="utf-8"><title>${escapeHtml(o.title)}</title></head>
<body style="font-family:${FONT};margin:24px;">
<h1>${escapeHtml(o.title)}</h1>
<p>${escapeHtml(o.intro)}</p>
${table}
</body>
</html>
`;
}
