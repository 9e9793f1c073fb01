import crypto from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { isStaffToken } from '../app/lib/secrets.server.ts';

/** Per-request CSP nonce and the security headers of ARCHITECTURE.md. */
export function securityHeaders({ dev, formActions = [], scriptOrigins = [] }: { dev: boolean; formActions?: string[]; scriptOrigins?: string[] }) {
  // Configured third-party scripts (tag manager…) load from, and talk to, their own origins; none by default.
  const extra = scriptOrigins.map((o) => ` ${o}`).join('');
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = crypto.randomBytes(16).toString('base64');
    res.locals.nonce = nonce;
    const csp = [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'${extra}${dev ? " 'unsafe-eval'" : ''}`,
      // Radix positions popovers with inline style attributes.
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob:${extra}`,
      "font-src 'self'",
      `connect-src 'self'${extra}${dev ? ' ws://localhost:24678' : ''}`,
      "object-src 'none'",
      "base-uri 'self'",
      // A checkout form without JavaScript is answered with a redirect to the payment provider's page.
      `form-action 'self'${formActions.map((o) => ` ${o}`).join('')}`,
      "frame-ancestors 'none'",
    ].join('; ');
    res.setHeader('Content-Security-Policy', csp);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (!dev) res.setHeader('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
    res.removeHeader('X-Powered-By');
    next();
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF: a state-changing request must come from this site. Browsers send
 * Sec-Fetch-Site and/or Origin; requests without either (curl, server-to-server)
 * carry no ambient browser credentials and pass.
 */
export function isCrossSiteRequest(method: string, headers: { secFetchSite?: string; origin?: string; host?: string }, publicHost?: string) {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const site = headers.secFetchSite;
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const origin = headers.origin;
  if (!origin) return false;
  if (origin === 'null') return true;
  try {
    const host = new URL(origin).host;
    return host !== headers.host && host !== publicHost;
  } catch {
    return true;
  }
}

export function csrfProtection({ publicUrl, exempt = [] }: { publicUrl?: string; exempt?: string[] }) {
  const publicHost = publicUrl ? new URL(publicUrl).host : undefined;
  return (req: Request, res: Response, next: NextFunction) => {
    if (exempt.some((p) => req.path.startsWith(p))) return next();
    const cross = isCrossSiteRequest(
      req.method,
      { secFetchSite: req.get('sec-fetch-site'), origin: req.get('origin'), host: req.get('host') },
      publicHost,
    );
    if (cross) {
      res.status(403).type('text/plain').send('Verzoek geweigerd: het kwam niet van deze website.');
      return;
    }
    next();
  };
}

const isLoopback = (address: string | undefined) => !!address && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));
/** Headers a proxy uses to pass the client on: a request with any of them came through one, even from this machine. */
const FORWARDING = /^(forwarded|x-forwarded-.*|x-real-ip|via|x-client-ip|true-client-ip|cf-connecting-ip)$/i;

/**
 * From this machine and not passed on by a proxy. Judged on the headers as the client sent them: a later step may
 * drop one (X-Forwarded-Host behind PUBLIC_URL).
 */
export function isDirectLocal(remoteAddress: string | undefined, rawHeaders: readonly string[]) {
  return isLoopback(remoteAddress) && !rawHeaders.some((name, i) => i % 2 === 0 && FORWARDING.test(name));
}

/**
 * Metrics tell more than a visitor should know: only from this machine (not through a proxy) or with METRICS_TOKEN.
 * Anyone else gets the same 404 as an unknown page.
 */
export function metricsAccess(token: string | undefined) {
  return (req: Request, res: Response, next: NextFunction) => {
    const bearer = (req.get('authorization') ?? '').replace(/^Bearer /, '');
    if (isDirectLocal(req.socket.remoteAddress, req.rawHeaders) || (token && isStaffToken(bearer, [token]))) return next();
    res.status(404).type('text/plain').send('Niet gevonden.');
  };
}
