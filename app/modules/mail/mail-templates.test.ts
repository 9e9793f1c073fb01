import { describe, expect, it } from 'vitest';
import { formatMoney } from '~/lib/money.ts';
import { escapeHtml, renderDevOutboxPage, renderMail } from './mail-templates.ts';
import { type Mail, type OrderMail, type OrderMailData, redactMail } from './mail.ts';

// Intl puts a no-break space after the euro sign.
const eur = (minor: number) => formatMoney(minor, 'EUR');
const account = { name: 'Kiemkracht B.V.', iban: 'NL91ABNA0417164300', bic: 'ABNANL2A' };

function data(over: Partial<OrderMailData> = {}): OrderMailData {
  return {
    orderNumber: 'KK-10042',
    statusUrl: 'https://kiemkracht.nl/bestelstatus?nummer=KK-10042&sig=abc',
    currency: 'EUR',
    lines: [
      { name: 'Amnesia Haze', seeds: 5, quantity: 2, unitPrice: 2450, isFree: false },
      { name: 'Northern Lights', seeds: 1, quantity: 1, unitPrice: 0, isFree: true },
    ],
    subtotal: 4900,
    discount: 490,
    shipping: 695,
    total: 5105,
    couponCode: 'WELKOM10',
    paymentMethod: 'bank_transfer',
    instructions: { kind: 'bank_transfer', account, amount: 5105, currency: 'EUR', reference: 'KK-10042', dueDate: '2026-03-09T10:00:00.000Z' },
    shippingAddress: {
      firstName: 'Jan',
      lastName: 'de Vries',
      phone: '0612345678',
      line1: 'Kerkstraat 1',
      line2: '',
      city: 'Utrecht',
      postalCode: '3511 AA',
      countryIso: 'NL',
      countryName: 'Nederland',
      state: '',
    },
    carrier: 'tracked_parcel',
    deliveryMinDays: 2,
    deliveryMaxDays: 4,
    tracking: null,
    ...over,
  };
}

const mail = (template: OrderMail['template'], over: Partial<OrderMailData> = {}): OrderMail => ({ template, to: 'jan@example.nl', data: data(over) });

/** Every part stands in the plain-text body and in the HTML body alike. */
function expectInBoth(bodies: { text: string; html: string }, parts: string[]) {
  for (const body of [bodies.text, bodies.html]) for (const part of parts) expect(body).toContain(part);
}

describe('renderMail', () => {
  it('order_received: lines, totals, delivery, bank instructions, link and disclaimer', () => {
    const { subject, text, html } = renderMail(mail('order_received'));
    expect(subject).toBe('Bedankt voor je bestelling KK-10042');
    expectInBoth({ text, html }, [
      'Hoi Jan,',
      'Amnesia Haze',
      '5 zaden',
      'Aantal: 2',
      'Gratis',
      'Korting (WELKOM10)',
      'Subtotaal',
      'Verzending',
      'Totaal',
      'Verzekerd pakket met track &',
      '2–4 werkdagen na betaling',
      'Kerkstraat 1',
      '3511 AA Utrecht',
      'Rekeninghouder',
      'NL91ABNA0417164300',
      'ABNANL2A',
      'Kenmerk',
      'uiterlijk 9 maart 2026',
      'Bekijk je bestelling',
      'Alle zaden worden uitsluitend verkocht als souvenir en om te bewaren.',
    ]);
    expect(text).toContain(`Totaal: ${eur(5105)}`);
    expect(text).toContain(`Korting (WELKOM10): −${eur(490)}`);
    expect(text).toContain('Kenmerk: KK-10042');
    expect(text).toContain('Bekijk je bestelling: https://kiemkracht.nl/bestelstatus?nummer=KK-10042&sig=abc');
    expect(html).toContain('href="https://kiemkracht.nl/bestelstatus?nummer=KK-10042&amp;sig=abc"');
    expect(html).toContain('#15803d');
    expect(html).toContain('Verzekerd pakket met track &amp; trace');
  });

  it('payment_partial: what came in, what is still due, and the payment details for the rest', () => {
    const { subject, text, html } = renderMail(
      mail('payment_partial', {
        received: { amount: 2000, due: 3105 },
        money: [
          { label: 'Ontvangen op 3 maart 2026', value: `${eur(2000)} (overschrijving)` },
          { label: 'Nog te betalen', value: eur(3105) },
        ],
        instructions: { kind: 'bank_transfer', account: { name: 'Kiemkracht B.V.', iban: 'NL91ABNA0417164300', bic: 'ABNANL2A' }, amount: 3105, currency: 'EUR', reference: 'KK-10042', dueDate: '2026-03-09T10:00:00.000Z' },
      }),
    );
    expect(subject).toBe('Deelbetaling ontvangen voor bestelling KK-10042');
    for (const body of [text, html]) {
      expect(body).toContain('Hoi Jan,');
      expect(body).toContain(`We hebben ${eur(2000)} ontvangen voor bestelling KK-10042.`);
      expect(body).toContain(`Er staat nog ${eur(3105)} open.`);
      expect(body).toMatch(/Betalingen/i);
      expect(body).toContain('Ontvangen op 3 maart 2026');
      expect(body).toContain(`${eur(2000)} (overschrijving)`);
      expect(body).toContain('NL91ABNA0417164300');
      expect(body).toContain('Bekijk je bestelling');
    }
  });

  it('payment_reminder: the deadline with its time, the instructions again, and what to do when already paid', () => {
    const { subject, text, html } = renderMail(mail('payment_reminder'));
    expect(subject).toBe('Herinnering: we wachten nog op je betaling voor bestelling KK-10042');
    expectInBoth({ text, html }, [
      'Hoi Jan,',
      'nog niet ontvangen',
      // 10:00 UTC is 11:00 in Amsterdam in March.
      'maandag 9 maart om 11:00',
      'NL91ABNA0417164300',
      'uiterlijk 9 maart 2026',
      'Heb je inmiddels betaald?',
      'Bekijk je bestelling',
    ]);
    const cash = renderMail(mail('payment_reminder', { paymentMethod: 'cash_by_mail', instructions: { kind: 'cash_by_mail', address: ['Kiemkracht', 'Postbus 1', '1000 AA Amsterdam'], amount: 5105, currency: 'EUR', reference: 'KK-10042', dueDate: '2026-03-09T10:00:00.000Z' } }));
    expect(cash.text).toContain('Postbus 1');
    expect(cash.text).toContain('maandag 9 maart om 11:00');
  });

  it('order_expired: cancelled for want of payment, the total, and what to do when paid anyway', () => {
    const { subject, text, html } = renderMail(mail('order_expired', { instructions: null }));
    expect(subject).toBe('Je bestelling KK-10042 is geannuleerd');
    for (const body of [text, html]) {
      expect(body).toContain('binnen de betaaltermijn geen betaling ontvangen');
      expect(body).toContain('Heb je toch betaald?');
      expect(body).not.toContain('NL91ABNA0417164300');
    }
    expect(text).toContain(`Totaal: ${eur(5105)}`);
  });

  it('order_received: cash by mail, online and regular post', () => {
    const cash = renderMail(
      mail('order_received', {
        paymentMethod: 'cash_by_mail',
        carrier: 'regular_post',
        instructions: { kind: 'cash_by_mail', address: ['Kiemkracht', 'Postbus 123', '1000 AA Amsterdam'], amount: 5105, currency: 'EUR', reference: 'KK-10042', dueDate: '2026-03-16T10:00:00.000Z' },
      }),
    );
    expect(cash.text).toContain('Postbus 123');
    expect(cash.text).toContain('Vermeld je bestelnummer KK-10042');
    expect(cash.text).toContain('uiterlijk 16 maart 2026');
    expect(cash.text).toContain('Standaard briefpost');
    expect(cash.text).toContain(`Bedrag: ${eur(5105)}`);

    const online = renderMail(mail('order_received', { paymentMethod: 'online', instructions: { kind: 'online' } }));
    expect(online.text).toContain('Je online betaling wordt verwerkt');
    expect(online.text).not.toContain('IBAN');
  });

  it('payment_received', () => {
    const { subject, text, html } = renderMail(mail('payment_received', { instructions: null }));
    expect(subject).toBe('Betaling ontvangen voor bestelling KK-10042');
    expectInBoth({ text, html }, [
      `betaling van ${eur(5105)} voor bestelling KK-10042 ontvangen`,
      'We pakken je bestelling nu',
      'Bekijk je bestelling',
    ]);
  });

  it('order_shipped: carrier, tracking code and link, estimate', () => {
    const { subject, text, html } = renderMail(
      mail('order_shipped', { instructions: null, tracking: { code: '3SABCD1234567', url: 'https://jouw.postnl.nl/track-and-trace/3SABCD1234567-NL' } }),
    );
    expect(subject).toBe('Je bestelling KK-10042 is verzonden');
    expectInBoth({ text, html }, [
      'Verzekerd pakket met track &',
      '3SABCD1234567',
      'Volg je pakket',
      '2–4 werkdagen',
      'Bekijk je bestelling',
    ]);
    expect(html).toContain('href="https://jouw.postnl.nl/track-and-trace/3SABCD1234567-NL"');

    const post = renderMail(mail('order_shipped', { instructions: null, carrier: 'regular_post', tracking: null }));
    expect(post.text).toContain('Standaard briefpost');
    expect(post.text).not.toContain('Volg je pakket');
  });

  it('order_shipped to an account: the Kiempunten the order earned, only when it earned any', () => {
    const tracking = { code: '3SABCD1234567', url: null };
    const earned = renderMail(mail('order_shipped', { instructions: null, tracking, pointsEarned: 42 }));
    expectInBoth(earned, ['Je hebt 42 Kiempunten verdiend met deze bestelling.']);
    expect(renderMail(mail('order_shipped', { instructions: null, tracking, pointsEarned: 1 })).text).toContain('Je hebt 1 Kiempunt verdiend met deze bestelling.');
    expect(renderMail(mail('order_shipped', { instructions: null, tracking, pointsEarned: 1250 })).text).toContain('Je hebt 1.250 Kiempunten verdiend');
    for (const pointsEarned of [undefined, 0]) expect(renderMail(mail('order_shipped', { instructions: null, tracking, ...(pointsEarned === undefined ? {} : { pointsEarned }) })).text).not.toContain('Kiempunt');
  });

  it('order_shipped of one parcel of several: what is in it and that the rest follows', () => {
    const { text, html } = renderMail(
      mail('order_shipped', { instructions: null, tracking: { code: '3SABCD1234567', url: null }, parcel: { lines: [{ name: 'Skunk #1', seeds: 3, quantity: 2 }], more: true } }),
    );
    expectInBoth({ text, html }, [
      'Een deel van bestelling KK-10042 is verzonden',
      'Skunk #1',
      'apart pakket',
    ]);
    expect(text).not.toMatch(/: $/m);
  });

  it('order_cancelled, order_refunded and address_changed', () => {
    const cancelled = renderMail(mail('order_cancelled', { instructions: null, refund: { amount: 3500, currency: 'EUR', manual: true, reason: null } }));
    expect(cancelled.subject).toBe('Je bestelling KK-10042 is geannuleerd');
    expect(cancelled.text).toContain('je krijgt het bedrag terug');
    expect(renderMail(mail('order_cancelled', { instructions: null })).text).not.toContain('je krijgt het bedrag terug');

    const refunded = renderMail(mail('order_refunded', { instructions: null, refund: { amount: 1490, currency: 'EUR', manual: false, reason: 'Beschadigd <pakket>' } }));
    expect(refunded.subject).toBe('Terugbetaling voor bestelling KK-10042');
    expect(refunded.text).toContain(`We betalen ${eur(1490)} terug`);
    expect(refunded.text).toContain('via de betaalmethode');
    expect(refunded.html).toContain('Beschadigd &lt;pakket&gt;');
    expect(renderMail(mail('order_refunded', { instructions: null, refund: { amount: 1490, currency: 'EUR', manual: true, reason: null } })).text).toContain('zelf naar je over');

    const moved = renderMail(mail('address_changed', { instructions: null }));
    expect(moved.subject).toBe('Bezorgadres van bestelling KK-10042 gewijzigd');
    expect(moved.text).toContain(data().shippingAddress.line1);
    expect(moved.text).toContain('Heb je hier niet om gevraagd?');
  });

  it('escapes every interpolated value in the HTML', () => {
    const hostile = '<script>alert("x")</script>';
    const { html, text } = renderMail(
      mail('order_received', {
        orderNumber: 'KK-<b>1</b>',
        lines: [{ name: hostile, seeds: 3, quantity: 1, unitPrice: 1000, isFree: false }],
        shippingAddress: { ...data().shippingAddress, firstName: hostile, line1: `"><img src=x onerror=alert(1)>` },
        couponCode: '<i>X</i>',
        statusUrl: 'javascript:alert(1)',
      }),
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>1</b>');
    expect(html).not.toContain('<i>X</i>');
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(text).toContain(hostile); // plain text is not HTML: kept as written
  });

  it('password_reset: link, validity, sessions note, account footer', () => {
    const resetUrl = 'https://kiemkracht.nl/wachtwoord-herstellen?token=abc_DEF-123';
    const { subject, text, html } = renderMail({ template: 'password_reset', to: 'sanne@example.nl', data: { name: 'Sanne', resetUrl, validMinutes: 60 } });
    expect(subject).toBe('Stel een nieuw wachtwoord in voor je Kiemkracht-account');
    for (const body of [text, html]) {
      expect(body).toContain('Hoi Sanne,');
      expect(body).toContain('Nieuw wachtwoord instellen');
      expect(body).toContain('De link werkt één keer en is 1 uur geldig.');
      expect(body).toContain('op al je apparaten uitgelogd');
      expect(body).toContain('Heb je dit niet aangevraagd?');
      expect(body).toContain('Vragen over je account?');
      expect(body).not.toContain('Vragen over je bestelling?');
    }
    expect(text).toContain(`Nieuw wachtwoord instellen: ${resetUrl}`);
    expect(html).toContain(`href="${resetUrl}"`);
  });

  it('signup_attempt: says an account exists, links to log-in and forgotten password', () => {
    const { subject, text, html } = renderMail({
      template: 'signup_attempt',
      to: 'jan@example.nl',
      data: { name: 'Jan de Vries', loginUrl: 'https://kiemkracht.nl/inloggen', forgotUrl: 'https://kiemkracht.nl/wachtwoord-vergeten' },
    });
    expect(subject).toBe('Er is geprobeerd een account aan te maken met je e-mailadres');
    expectInBoth({ text, html }, [
      'Hoi Jan de Vries,',
      'we hebben geen tweede account aangemaakt',
      'Was jij dit niet?',
    ]);
    expect(text).toContain('Inloggen: https://kiemkracht.nl/inloggen');
    expect(text).toContain('Wachtwoord vergeten: https://kiemkracht.nl/wachtwoord-vergeten');
  });

  it('email_verify: confirmation link and validity in hours', () => {
    const { subject, text } = renderMail({
      template: 'email_verify',
      to: 'sanne@example.nl',
      data: { name: 'Sanne', verifyUrl: 'https://kiemkracht.nl/registreren/bevestigen?token=xyz', validHours: 48 },
    });
    expect(subject).toBe('Bevestig je e-mailadres voor Kiemkracht');
    expect(text).toContain('E-mailadres bevestigen: https://kiemkracht.nl/registreren/bevestigen?token=xyz');
    expect(text).toContain('De link werkt één keer en is 48 uur geldig.');
  });

  it('email_change: confirmation link, validity, sessions note; the notice to the old address names the new one', () => {
    const confirmUrl = 'https://kiemkracht.nl/account/e-mail-bevestigen?token=xyz';
    const confirm = renderMail({ template: 'email_change', to: 'nieuw@example.nl', data: { name: 'Sanne', confirmUrl, validHours: 48 } });
    expect(confirm.subject).toBe('Bevestig je nieuwe e-mailadres voor Kiemkracht');
    expect(confirm.text).toContain(`Nieuw e-mailadres bevestigen: ${confirmUrl}`);
    expect(confirm.text).toContain('De link werkt één keer en is 48 uur geldig.');
    expect(confirm.text).toContain('op je andere apparaten uitgelogd');

    const notice = renderMail({
      template: 'email_change_notice',
      to: 'oud@example.nl',
      data: { name: 'Sanne', newEmail: 'nieuw@example.nl', forgotUrl: 'https://kiemkracht.nl/wachtwoord-vergeten' },
    });
    expect(notice.subject).toBe('Er is gevraagd je e-mailadres te wijzigen');
    expect(notice.text).toContain('wijzigen in nieuw@example.nl');
    expect(notice.text).toContain('Nieuw wachtwoord instellen: https://kiemkracht.nl/wachtwoord-vergeten');
    expect(notice.html).toContain('Vragen over je account?');
  });

  it('password_changed: says sessions ended and how to react when it was not you', () => {
    const { subject, text } = renderMail({
      template: 'password_changed',
      to: 'sanne@example.nl',
      data: { name: 'Sanne', forgotUrl: 'https://kiemkracht.nl/wachtwoord-vergeten' },
    });
    expect(subject).toBe('Het wachtwoord van je Kiemkracht-account is gewijzigd');
    expect(text).toContain('Je bent op je andere apparaten uitgelogd.');
    expect(text).toContain('Nieuw wachtwoord instellen: https://kiemkracht.nl/wachtwoord-vergeten');
  });

  it('escapes the name in account mails', () => {
    const { html } = renderMail({ template: 'password_reset', to: 'x@example.nl', data: { name: '<img src=x onerror=alert(1)>', resetUrl: 'https://kiemkracht.nl/x', validMinutes: 30 } });
    expect(html).not.toContain('<img');
    expect(html).toContain('30 minuten');
  });

  const contact = {
    name: 'Sanne de Vries',
    email: 'sanne@example.nl',
    topic: 'Bestelling & levering',
    orderNumber: 'KK-7Q4M-9XHD',
    message: 'Mijn pakket is nog niet binnen.\n\nKunnen jullie kijken waar het is?',
    // Monday 23 November 2026, 14:05 in Amsterdam; the answer is due a day later.
    receivedAt: '2026-11-23T13:05:00.000Z',
    answerBy: '2026-11-24T13:05:00.000Z',
  };

  it('contact_reply: the staff answer as typed (escaped, not quoted), their message quoted below, the order number in the subject', () => {
    const data = { name: 'Sanne de Vries', orderNumber: 'KK-7Q4M-9XHD', reply: 'Hoi Sanne,\n\nJe pakket <b>komt</b> morgen.', message: contact.message, receivedAt: contact.receivedAt, staffName: 'Sam' };
    const { subject, text, html } = renderMail({ template: 'contact_reply', to: 'sanne@example.nl', replyTo: 'klantenservice@kiemkracht.nl', data });
    expect(subject).toBe('Re: je bericht over bestelling KK-7Q4M-9XHD');
    expect(text).toContain('Hoi Sanne,\n\nJe pakket <b>komt</b> morgen.');
    expect(text).toContain('> Mijn pakket is nog niet binnen.');
    expect(text).toContain('Sam, klantenservice Kiemkracht');
    expect(html).toContain('Je pakket &lt;b&gt;komt&lt;/b&gt; morgen.');
    expect(html).not.toContain('<b>komt');
    expect(renderMail({ template: 'contact_reply', to: 'sanne@example.nl', replyTo: 'x@kiemkracht.nl', data: { ...data, orderNumber: null } }).subject).toBe('Re: je bericht aan Kiemkracht');
  });

  it('contact_confirmation: greets by first name, promises an answer within 24 hours and quotes the message', () => {
    const { subject, text, html } = renderMail({
      template: 'contact_confirmation',
      to: 'sanne@example.nl',
      replyTo: 'klantenservice@kiemkracht.nl',
      data: { ...contact, faqUrl: 'https://kiemkracht.nl/faq', orderStatusUrl: 'https://kiemkracht.nl/order-status' },
    });
    expect(subject).toBe('We hebben je bericht ontvangen');
    expectInBoth({ text, html }, [
      'Hoi Sanne,',
      'antwoordt binnen 24 uur',
      'Je hoort uiterlijk dinsdag 24 november om 14:05 van ons.',
      'Bestelling &',
      'KK-7Q4M-9XHD',
      'maandag 23 november om 14:05',
      'Bekijk de veelgestelde vragen',
      'Volg je bestelling',
      'Beantwoord gerust deze e-mail',
    ]);
    // Text quotes line by line; HTML keeps the breaks with pre-wrap.
    expect(text).toContain('> Mijn pakket is nog niet binnen.\n>\n> Kunnen jullie kijken waar het is?');
    expect(html).toContain('white-space:pre-wrap');
    expect(html).toContain('Mijn pakket is nog niet binnen.\n\nKunnen jullie kijken waar het is?');
    expect(text).toContain('Bekijk de veelgestelde vragen: https://kiemkracht.nl/faq');

    // Without an order number: no order row and no order-status button.
    const plain = renderMail({
      template: 'contact_confirmation',
      to: 'sanne@example.nl',
      replyTo: 'klantenservice@kiemkracht.nl',
      data: { ...contact, orderNumber: null, faqUrl: 'https://kiemkracht.nl/faq', orderStatusUrl: 'https://kiemkracht.nl/order-status' },
    });
    expect(plain.text).not.toContain('Bestelnummer');
    expect(plain.text).not.toContain('Volg je bestelling');
  });

  it('contact_message: subject with topic, name and order number; every fact for the support team; the message quoted', () => {
    const { subject, text, html } = renderMail({ template: 'contact_message', to: 'klantenservice@kiemkracht.nl', replyTo: 'sanne@example.nl', data: { ...contact, accountId: 42 } });
    expect(subject).toBe('[Contact] Bestelling & levering – Sanne de Vries (KK-7Q4M-9XHD)');
    expect(text).toContain('Naam: Sanne de Vries');
    expect(text).toContain('E-mailadres: sanne@example.nl');
    expect(text).toContain('Onderwerp: Bestelling & levering');
    expect(text).toContain('Bestelnummer: KK-7Q4M-9XHD');
    expect(text).toContain('Klantaccount: Ja (account 42)');
    expect(text).toContain('Ontvangen: maandag 23 november om 14:05');
    expect(text).toContain('Antwoord uiterlijk: dinsdag 24 november om 14:05');
    expect(text).toContain('> Kunnen jullie kijken waar het is?');
    expect(html).toContain('Beantwoord deze e-mail om de klant direct te antwoorden.');

    const guest = renderMail({ template: 'contact_message', to: 'klantenservice@kiemkracht.nl', replyTo: 'sanne@example.nl', data: { ...contact, orderNumber: null, accountId: null } });
    expect(guest.subject).toBe('[Contact] Bestelling & levering – Sanne de Vries');
    expect(guest.text).toContain('Klantaccount: Nee, gast');
    expect(guest.text).not.toContain('Bestelnummer');
  });

  it('contact mails escape what the visitor typed', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    for (const template of ['contact_message', 'contact_confirmation'] as const) {
      const data = { ...contact, name: hostile, message: `<script>alert(1)</script>\n${hostile}`, accountId: null, faqUrl: 'https://kiemkracht.nl/faq', orderStatusUrl: 'javascript:alert(1)' };
      const { html, text } = renderMail({ template, to: 'x@example.nl', replyTo: 'y@example.nl', data } as Mail);
      expect(html).not.toContain('<img');
      expect(html).not.toContain('<script>');
      expect(html).not.toContain('href="javascript:');
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(text).toContain('> <script>alert(1)</script>');
    }
  });

  it('redactMail strips the token from reset and confirmation links and leaves other mails alone', () => {
    const reset: Mail = { template: 'password_reset', to: 'a@example.nl', data: { name: 'A', resetUrl: 'https://kiemkracht.nl/wachtwoord-herstellen?token=t#x', validMinutes: 60 } };
    expect(redactMail(reset)).toEqual({ ...reset, data: { ...reset.data, resetUrl: 'https://kiemkracht.nl/wachtwoord-herstellen' } });
    const verify: Mail = { template: 'email_verify', to: 'a@example.nl', data: { name: 'A', verifyUrl: 'https://kiemkracht.nl/registreren/bevestigen?token=t', validHours: 48 } };
    expect(redactMail(verify)).toMatchObject({ data: { verifyUrl: 'https://kiemkracht.nl/registreren/bevestigen' } });
    const change: Mail = { template: 'email_change', to: 'a@example.nl', data: { name: 'A', confirmUrl: 'https://kiemkracht.nl/account/e-mail-bevestigen?token=t', validHours: 48 } };
    expect(redactMail(change)).toMatchObject({ data: { confirmUrl: 'https://kiemkracht.nl/account/e-mail-bevestigen' } });
    const order = mail('order_received');
    expect(redactMail(order)).toBe(order);
  });

  it('escapeHtml', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('dev outbox page escapes subjects and links to the file', () => {
    const page = renderDevOutboxPage([{ file: 'a.eml', subject: '<script>', to: 'x@y.nl', date: new Date('2026-01-01T00:00:00Z') }]);
    expect(page).toContain('href="/dev/mail/a.eml"');
    expect(page).toContain('&lt;script&gt;');
    expect(page).not.toContain('<script>');
    expect(renderDevOutboxPage([])).toContain('Nog geen mails verstuurd.');
  });
});

describe('newsletter mails', () => {
  it('the confirmation carries the link and no advertising; the welcome mail the code and one-click unsubscribe headers', () => {
    const confirm = renderMail({ template: 'newsletter_confirm', to: 'a@b.nl', data: { confirmUrl: 'https://kiemkracht.nl/nieuwsbrief/bevestigen?t=x', validHours: 72 } });
    expect(confirm.text).toContain('https://kiemkracht.nl/nieuwsbrief/bevestigen?t=x');
    expect(confirm.text).toContain('72 uur');
    expect(confirm.text).not.toMatch(/korting|WELKOM/i);
    expect(confirm.headers).toBeUndefined();
    const unsubscribeUrl = 'https://kiemkracht.nl/nieuwsbrief/afmelden?t=1.abc';
    const welcome = renderMail({ template: 'newsletter_welcome', to: 'a@b.nl', data: { couponCode: 'WELKOM-ABCD2345', percent: 10, shopUrl: 'https://kiemkracht.nl/product', unsubscribeUrl } });
    expect(welcome.text).toContain('WELKOM-ABCD2345');
    expect(welcome.text).toContain('10% korting');
    expect(welcome.html).toContain(unsubscribeUrl.replace(/&/g, '&amp;'));
    expect(welcome.headers).toEqual({ 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    const again = renderMail({ template: 'newsletter_welcome', to: 'a@b.nl', data: { couponCode: null, percent: 10, shopUrl: 'https://kiemkracht.nl/product', unsubscribeUrl } });
    expect(again.text).not.toContain('WELKOM-');
    expect(again.text).toContain('Fijn dat je er weer bij bent.');
  });

  it('restock_confirm and back_in_stock: the pack named, the links, a one-click unsubscribe header; a sent confirmation keeps no token', () => {
    const confirm = { template: 'restock_confirm', to: 'a@b.nl', data: { name: 'Gelato <b>', seeds: 10, confirmUrl: 'https://kiemkracht.nl/weer-op-voorraad/bevestigen?t=abc', validHours: 72 } } as const;
    const asked = renderMail(confirm);
    expect(asked.subject).toBe('Bevestig je bericht als het er weer is');
    expect(asked.text).toContain('Gelato <b> (10 zaden)');
    expect(asked.html).toContain('Gelato &lt;b&gt;');
    expect(asked.text).toContain('Ja, mail me: https://kiemkracht.nl/weer-op-voorraad/bevestigen?t=abc');
    expect(redactMail(confirm).data).toMatchObject({ confirmUrl: 'https://kiemkracht.nl/weer-op-voorraad/bevestigen' });

    const unsubscribeUrl = 'https://kiemkracht.nl/weer-op-voorraad/afmelden?t=xyz';
    const back = renderMail({ template: 'back_in_stock', to: 'a@b.nl', data: { name: 'Gelato', seeds: 10, productUrl: 'https://kiemkracht.nl/product/gelato', unsubscribeUrl } });
    expect(back.subject).toBe('Gelato is weer op voorraad');
    expect(back.text).toContain('Bekijk en bestel: https://kiemkracht.nl/product/gelato');
    expect(back.text).toContain('We sturen je dit bericht één keer.');
    expect(back.text).toContain(`Geen berichten meer over voorraad: ${unsubscribeUrl}`);
    expect(back.headers).toEqual({ 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });
});
