import type { NextFunction, Request, Response } from 'express';
import type { Db } from '../app/db/client.server.ts';
import { reportDbError } from '../app/lib/db-outage.ts';
import { getRedirectRules } from '../app/modules/routing/redirects.server.ts';
import { isReservedPath } from '../app/modules/routing/redirect-rules.ts';
import { stripTrailingSlash, withoutRenewFlag } from '../app/lib/routing.ts';

const queryOf = (req: Request) => {
  const i = req.originalUrl.indexOf('?');
  return i === -1 ? '' : req.originalUrl.slice(i);
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** SPEC §2 routing rules 2–4, in order: renew flag, trailing slash, server-defined redirects. */
export function routingRules(getDb: () => Db) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const search = queryOf(req);

    if (req.query.renew === 'true') {
      for (const name of Object.keys(parseCookieNames(req.get('cookie')))) {
        res.append('Set-Cookie', `${name}=; Path=/; Max-Age=0; SameSite=Lax`);
      }
      // A client-side navigation's data request: cookies are cleared here, storage in the browser.
      if (req.path.endsWith('.data')) return next();
      const target = withoutRenewFlag(req.path, search);
      res.setHeader('Clear-Site-Data', '"cookies", "storage"');
      res.setHeader('Cache-Control', 'no-store');
      const nonce = String(res.locals.nonce ?? '');
      const t = escapeHtml(target);
      res
        .status(200)
        .type('html')
        .send(
          `<!doctype html><html lang="nl"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${t}"><title>Kiemkracht</title>` +
            `<script nonce="${nonce}">try{localStorage.clear();sessionStorage.clear()}catch(e){}location.replace(${JSON.stringify(target)})</script>` +
            `</head><body><a href="${t}">Kiemkracht</a></body></html>`,
        );
      return;
    }

    // A client-side navigation asks for `<path>.data` (`<path>/_.data` when the path ends in a slash): the
    // rules apply to the page's path, and React Router follows a redirect told in its own headers.
    const dataPath = documentPathOf(req.path);
    const path = dataPath ?? req.path;
    const redirect = (status: number, target: string) => {
      if (dataPath === null) return res.redirect(status, target);
      res.set({ 'X-Remix-Redirect': target, 'X-Remix-Status': String(status), 'Cache-Control': 'no-store' });
      return res.status(204).end();
    };

    const stripped = stripTrailingSlash(path, dataPath === null ? search : withoutDataParams(search));
    if (stripped) return redirect(301, stripped);

    try {
      const rule = (await getRedirectRules(getDb())).get(path);
      // getRedirectRules leaves reserved paths out already; checked again here, where a rule takes effect.
      if (rule && !isReservedPath(path)) return redirect(rule.status, rule.target);
    } catch (e) {
      // Without the database there are no redirect rules: the page cache may still answer.
      return next(reportDbError(e) ? undefined : e);
    }
    next();
  };
}

/** The page path of a data request (`/a.data` → `/a`, `/a/_.data` → `/a/`, `/_.data` → `/`), else null. */
export function documentPathOf(path: string): string | null {
  if (path.endsWith('/_.data')) return path.slice(0, -'_.data'.length);
  if (path.endsWith('.data')) return path.slice(0, -'.data'.length);
  return null;
}

/** A data request's query without React Router's own `_routes` parameter. */
function withoutDataParams(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('_routes');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

function parseCookieNames(header: string | undefined): Record<string, true> {
  const names: Record<string, true> = {};
  for (const part of (header ?? '').split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name && /^[\w!#$%&'*+.^`|~-]+$/.test(name)) names[name] = true;
  }
  return names;
}
