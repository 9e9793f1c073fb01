import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { contactTopics } from '~/db/schema/support.ts';
import { support as t } from '~/i18n/nl/support.ts';
import { contactSchema } from './support.schemas.ts';
import { isBot, MESSAGE_MAX, topicSlugs } from './support.ts';
import { CONTACT_TOPICS } from './support.ts';

function formData(values: Record<string, string | undefined>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) if (v !== undefined) fd.set(k, v);
  return fd;
}

const parse = (values: Record<string, string | undefined>) => parseWithZod(formData(values), { schema: contactSchema });
const errors = (values: Record<string, string | undefined>) => parse(values).reply().error ?? {};

const token = 'A'.repeat(43);
const valid = {
  name: 'Sanne de Vries',
  email: 'Sanne@Example.NL',
  topic: 'order',
  orderNumber: '',
  message: 'Mijn pakket is nog niet binnen, kunnen jullie kijken waar het is?',
  token,
};

describe('contactSchema', () => {
  it('accepts a complete form: lower-cased address, no order number as null', () => {
    const s = parse({ ...valid, email: '  Sanne@Example.NL ' });
    expect(s.status).toBe('success');
    if (s.status !== 'success') return;
    expect(s.value).toEqual({ ...valid, email: 'sanne@example.nl', orderNumber: null });
  });

  it('shows a Dutch message next to every field on an empty submit (SPEC §5 text for the address)', () => {
    expect(errors({ token })).toEqual({
      name: ['Vul je naam in.'],
      email: ['Vul een geldig e-mailadres in.'],
      topic: ['Kies een onderwerp.'],
      message: ['Typ je bericht.'],
    });
  });

  it('refuses a malformed address with the SPEC text', () => {
    for (const email of ['sanne', 'sanne@', '@example.nl', 'sanne@example', `${'a'.repeat(250)}@example.nl`]) {
      expect(errors({ ...valid, email }), email).toEqual({ email: ['Vul een geldig e-mailadres in.'] });
    }
  });

  it('normalises an order number typed in any form; a malformed one gets its own message', () => {
    for (const typed of ['kk-7q4m-9xhd', ' KK7Q4M9XHD ', '7Q4M-9XHD', 'kk 7q4m 9xhd']) {
      const s = parse({ ...valid, orderNumber: typed });
      expect(s.status, typed).toBe('success');
      if (s.status === 'success') expect(s.value.orderNumber).toBe('KK-7Q4M-9XHD');
    }
    for (const typed of ['12345', 'KK-0000-0000', 'KK-7Q4M-9XH', 'x'.repeat(500)]) {
      expect(errors({ ...valid, orderNumber: typed }), typed).toEqual({
        orderNumber: ['Vul een geldig bestelnummer in, zoals KK-7Q4M-9XHD.'],
      });
    }
    // Only blanks: no order number, not an error.
    const blank = parse({ ...valid, orderNumber: '   ' });
    expect(blank.status).toBe('success');
  });

  it('accepts only the fixed subjects', () => {
    for (const topic of ['', 'spam', 'ORDER', 'order ']) expect(errors({ ...valid, topic }), topic).toEqual({ topic: ['Kies een onderwerp.'] });
    for (const topic of ['order', 'payment', 'product', 'returns', 'account', 'partnership', 'other'])
      expect(parse({ ...valid, topic }).status).toBe('success');
  });

  it('message: trimmed, line breaks kept as \\n, 10 to 5000 characters counted as the visitor sees them', () => {
    const s = parse({ ...valid, message: '  Eerste regel\r\nTweede regel\r\n\r\nDoei  ' });
    expect(s.status === 'success' && s.value.message).toBe('Eerste regel\nTweede regel\n\nDoei');
    expect(errors({ ...valid, message: '   ' })).toEqual({ message: ['Typ je bericht.'] });
    expect(errors({ ...valid, message: 'Hallo!' })).toEqual({ message: ['Je bericht is wat kort. Gebruik minimaal 10 tekens, dan kunnen we je goed helpen.'] });
    expect(parse({ ...valid, message: 'x'.repeat(MESSAGE_MAX) }).status).toBe('success');
    expect(errors({ ...valid, message: 'x'.repeat(MESSAGE_MAX + 1) })).toEqual({ message: ['Je bericht is te lang. Gebruik maximaal 5000 tekens.'] });
    // An emoji is one character for the visitor (and the counter), two UTF-16 units for JavaScript.
    expect(parse({ ...valid, message: '🌱'.repeat(MESSAGE_MAX) }).status).toBe('success');
  });

  it('name: one line with single spaces, at most 100 characters', () => {
    const s = parse({ ...valid, name: ' Sanne \r\n  de\tVries ' });
    expect(s.status === 'success' && s.value.name).toBe('Sanne de Vries');
    expect(errors({ ...valid, name: ' \n ' })).toEqual({ name: ['Vul je naam in.'] });
    expect(errors({ ...valid, name: 'a'.repeat(101) })).toEqual({ name: ['Gebruik maximaal 100 tekens voor je naam.'] });
  });

  it('a missing or damaged token asks for a fresh form', () => {
    const expired = ['Het formulier is verlopen. Controleer je bericht en verstuur het opnieuw.'];
    expect(errors({ ...valid, token: undefined })).toEqual({ token: expired });
    expect(errors({ ...valid, token: 'abc' })).toEqual({ token: expired });
    expect(errors({ ...valid, token: `${'A'.repeat(42)}!` })).toEqual({ token: expired });
  });

  it('keeps what the visitor typed in the reply, so an error never empties the form', () => {
    const reply = parse({ ...valid, email: 'sanne@' }).reply();
    expect(reply.initialValue).toMatchObject({ name: valid.name, email: 'sanne@', message: valid.message });
  });
});

describe('isBot, subjects and topicSlugs', () => {
  it('the form lists exactly the subjects the database accepts, each with a Dutch label', () => {
    expect([...CONTACT_TOPICS]).toEqual([...contactTopics]);
    expect(Object.keys(t.topics).sort()).toEqual([...contactTopics].sort());
  });

  it('a filled honeypot is a bot; empty or absent is a person', () => {
    expect(isBot(formData({ website: 'https://spam.example' }))).toBe(true);
    expect(isBot(formData({ website: '' }))).toBe(false);
    expect(isBot(formData({ website: '   ' }))).toBe(false);
    expect(isBot(formData({}))).toBe(false);
  });

  it('every ?onderwerp= slug names a subject of the form', () => {
    const s = parse({ ...valid, topic: topicSlugs.retour });
    expect(s.status === 'success' && s.value.topic).toBe('returns');
    for (const topic of Object.values(topicSlugs)) expect(parse({ ...valid, topic }).status).toBe('success');
  });
});
