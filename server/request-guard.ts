import type { NextFunction, Request, Response } from 'express';
import { nl } from '../app/i18n/nl.ts';
import { plainPage } from '../app/lib/plain-page.ts';

/**
 * Turns requests that no page of the shop sends into a clear 4xx before they reach a route:
 * an undecodable path (400), a method other than GET/HEAD/POST (405), a body without a length (411)
 * or above the limit (413), and a body type the route does not read (415). Form routes read only
 * what HTML forms send; the payment webhook also reads JSON, the staff API and the referral report only JSON.
 */
const BODY_LIMIT = 64 * 1024;
/**
 * Bank statement uploads (ADR 029): the page itself refuses files above 5 MB with a message next to the field.
 * Stock CSV imports (ADR 034): files up to 2 MB, sent again as the confirmation (multipart, so not inflated).
 */
const LARGE_BODIES: [RegExp, number][] = [
  [/^\/beheer\/bank(\.data)?$/, 6 * 1024 * 1024],
  [/^\/beheer\/voorraad\/import(\.data)?$/, 3 * 1024 * 1024],
  // Strain photos (ADR 033): the page refuses files above 5 MB next to the field.
  [/^\/beheer\/catalogus\/\d+(\.data)?$/, 6 * 1024 * 1024],
  // Germination claims (ADR 074): up to three photos of 5 MB each, refused per photo next to the field.
  [/^\/(kiemgarantie|account\/orders\/[^/]+\/kiemgarantie)(\.data)?$/, 16 * 1024 * 1024],
];
export const bodyLimit = (path: string) => LARGE_BODIES.find(([pattern]) => pattern.test(path))?.[1] ?? BODY_LIMIT;
const ALLOWED_METHODS = 'GET, HEAD, POST';
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];
const BODY_TYPES: [RegExp, string[]][] = [
  [/^\/api\/betalingen\/[^/]+\/webhook$/, ['application/json', 'application/x-www-form-urlencoded']],
  [/^\/api\/staff\/(orders|mail|affiliates|accounts|backup)$/, ['application/json']],
  [/^\/(metric\/referral|api\/chat)$/, ['application/json']],
];
const t = nl.badRequest;

/** The body types a POST to this path may carry (a data request `.data` like its page). */
export const acceptedBodyTypes = (path: string) => BODY_TYPES.find(([pattern]) => pattern.test(path.replace(/\.data$/, '')))?.[1] ?? FORM_TYPES;

// A browser gets a page in the shop's style, anything else the sentence as plain text.
const refuse = (res: Response, status: number, message: string) => {
  res.status(status).set('Cache-Control', 'no-store');
  if (res.req.accepts(['text/plain', 'html']) === 'html') res.type('html').send(plainPage({ title: t.title, heading: t.heading, text: message, action: t.home, href: '/' }));
  else res.type('text/plain').send(message);
};

export function requestGuard() {
  return (req: Request, res: Response, next: NextFunction) => {
    try {
      decodeURIComponent(req.path);
    } catch {
      return refuse(res, 400, t.path);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') {
      res.set('Allow', ALLOWED_METHODS);
      return refuse(res, 405, t.method);
    }
    if (req.method !== 'POST') return next();

    const length = req.get('content-length');
    if (length === undefined) return refuse(res, 411, t.length);
    if (!/^\d+$/.test(length)) return refuse(res, 400, t.length);
    if (Number(length) > bodyLimit(req.path)) {
      // The client may still be sending: close the connection rather than read what we refuse.
      res.set('Connection', 'close');
      return refuse(res, 413, t.tooLarge);
    }
    const type = (req.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!acceptedBodyTypes(req.path).includes(type)) return refuse(res, 415, t.type);
    if (type === 'multipart/form-data' && !/boundary=/i.test(req.get('content-type') ?? '')) return refuse(res, 400, t.body);
    next();
  };
}
