// Which redirect rules staff may add (ADR 036, ADR 055): one step, never over a reserved path, and beyond the
// content paths only for the owner. Pure; the server reads it, the browser never does.
import { sitePages } from '~/site-pages.ts';
import { isSafeRedirectTarget, safeRedirect } from '~/lib/routing.ts';

/**
 * Paths no redirect rule may take over (ADR 036, ADR 055): the home page; a customer's own pages and their
 * sub-paths (site-pages.ts marks them: log-in, account, registration, password, cart, checkout, order status
 * and payment return); the back office (a rule there could lock staff out of the very page that removes it);
 * the JSON endpoints and payment webhooks, metrics, log-out, the payment and newsletter links (they carry
 * tokens); and what the server answers before the rules (assets, images, health).
 */
const RESERVED = [
  ...sitePages.filter((p) => p.redirectable === 'nobody').map((p) => p.path),
  ...['/beheer', '/api', '/metric', '/metrics', '/betalen', '/uitloggen', '/nieuwsbrief', '/404'],
  ...['/assets', '/images', '/_build', '/dev', '/healthz', '/favicon.svg'],
];
const OWNER_ONLY = new Set(sitePages.filter((p) => p.redirectable === 'owner').map((p) => p.path));

/**
 * The page a path reaches, as the router matches it: percent-encoding undone, case ignored, one slash
 * between segments, dot segments resolved, no slash at the end. `/%69nloggen`, `/Inloggen/` and
 * `/a/../inloggen` are all `/inloggen`.
 */
export function canonicalPath(path: string): string {
  let p = path;
  for (let i = 0; i < 4; i++) {
    let decoded = p;
    try {
      decoded = decodeURIComponent(p);
    } catch {
      // A stray % stays as it is.
    }
    const next = new URL(`/${decoded.replace(/\\/g, '/').replace(/^\/+/, '')}`, 'http://same.site').pathname.replace(/\/{2,}/g, '/').toLowerCase();
    if (next === p) break;
    p = next;
  }
  return p.length > 1 ? p.replace(/\/+$/, '') || '/' : p;
}

export function isReservedPath(path: string): boolean {
  const p = canonicalPath(path);
  return p === '/' || p.endsWith('.data') || RESERVED.some((r) => p === r || p.startsWith(`${r}/`));
}

/** A working page of the shop (its listings, the seedfinder, contact…): only the owner may redirect it. */
export const isOwnerOnlyPath = (path: string) => OWNER_ONLY.has(canonicalPath(path));

/**
 * What the person adding a rule may do: `everything` (the owner) may redirect the shop's working pages and
 * send visitors to any https site; others only content paths, to pages of the shop or to `allowedHosts`.
 */
export type RedirectScope = { everything: boolean; allowedHosts: readonly string[] };

export type RedirectRuleInput = { fromPath: string; target: string };
export type RedirectProblem =
  | { field: 'fromPath'; problem: 'path' | 'reserved' | 'ownerOnly' }
  | { field: 'target'; problem: 'target' | 'https' | 'external' | 'trailingSlash' | 'self' }
  | { field: 'target'; problem: 'loop' | 'chain'; via: string }
  | { field: 'fromPath'; problem: 'pointedAt'; via: string };

/** The path part of an internal target ("/a?b#c" → "/a"); null for an external address. */
function targetPath(target: string): string | null {
  return target.startsWith('/') ? new URL(target, 'http://same.site').pathname : null;
}

/**
 * Why `rule` may not join `others` (the rules already there, without the one it replaces), or null. Every
 * rule sends the visitor to a page in one step: a target that is itself redirected (a chain, a loop when it
 * leads back) is refused, and so is a new source that existing rules point at (it would make them chains).
 * Reserved paths are refused to everyone; `scope` says what else the person adding it may do.
 */
export function redirectProblem(others: RedirectRuleInput[], rule: RedirectRuleInput, scope: RedirectScope): RedirectProblem | null {
  const { fromPath, target } = rule;
  if (!fromPath.startsWith('/') || safeRedirect(fromPath, '') !== fromPath || /[?#]/.test(fromPath) || (fromPath.length > 1 && fromPath.endsWith('/')))
    return { field: 'fromPath', problem: 'path' };
  if (isReservedPath(fromPath)) return { field: 'fromPath', problem: 'reserved' };
  if (!scope.everything && isOwnerOnlyPath(fromPath)) return { field: 'fromPath', problem: 'ownerOnly' };
  if (!isSafeRedirectTarget(target)) return { field: 'target', problem: 'target' };
  const path = targetPath(target);
  if (path === null) {
    const url = new URL(target);
    if (url.protocol !== 'https:') return { field: 'target', problem: 'https' };
    return scope.everything || scope.allowedHosts.includes(url.hostname) ? null : { field: 'target', problem: 'external' };
  }
  if (path === fromPath) return { field: 'target', problem: 'self' };
  // The shop strips a trailing slash with a redirect of its own: that would be a second step.
  if (path.length > 1 && path.endsWith('/')) return { field: 'target', problem: 'trailingSlash' };
  const next = others.find((r) => r.fromPath === path);
  if (next) return { field: 'target', problem: targetPath(next.target) === fromPath ? 'loop' : 'chain', via: next.fromPath };
  const pointing = others.find((r) => targetPath(r.target) === fromPath);
  if (pointing) return { field: 'fromPath', problem: 'pointedAt', via: pointing.fromPath };
  return null;
}
