// Pure routing rules of SPEC §2.

/** Only same-site relative paths are accepted as a redirect target ("/x", never "//x", "/\x" or "http:"). */
export function safeRedirect(to: unknown, fallback = '/'): string {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback;
  // Control characters can smuggle a scheme or host past browsers' URL parsing.
  if (/[\u0000-\u001f\u007f]/.test(to)) return fallback;
  try {
    const url = new URL(to, 'http://same.site');
    if (url.host !== 'same.site') return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** "/a/b/?q" -> "/a/b?q"; null when nothing to change (root keeps its slash). */
export function stripTrailingSlash(pathname: string, search: string): string | null {
  if (pathname === '/' || !pathname.endsWith('/')) return null;
  const trimmed = pathname.replace(/\/+$/, '') || '/';
  return trimmed + search;
}

/** The address without the renew flag (SPEC §2 rule 2). */
export function withoutRenewFlag(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete('renew');
  const rest = params.toString();
  return pathname + (rest ? `?${rest}` : '');
}

/**
 * A redirect rule may send a visitor to a same-site path or to an explicitly listed http(s) address; any
 * other target (javascript:, data:, //host, a mangled path) is not protocol-safe and is never followed.
 */
export function isSafeRedirectTarget(target: string): boolean {
  if (target.startsWith('/')) return safeRedirect(target, '') === target;
  if (/[\u0000-\u001f\u007f\s\\]/.test(target)) return false;
  try {
    const url = new URL(target);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

/**
 * Paths a redirect rule may not take over (ADR 036): the home page, the back office (a rule there could lock
 * staff out of the very page that removes it), the JSON endpoints, and what the server answers before the
 * rules (assets, images, health, metrics). Any other shop page may be redirected: moving a page is what
 * the rules are for, and the rule is removed as easily as it was added.
 */
const RESERVED = ['/beheer', '/api', '/assets', '/images', '/_build', '/dev', '/healthz', '/metrics', '/favicon.svg'];
export const isReservedPath = (path: string) => path === '/' || path.endsWith('.data') || RESERVED.some((p) => path === p || path.startsWith(`${p}/`));

export type RedirectRuleInput = { fromPath: string; target: string };
export type RedirectProblem =
  | { field: 'fromPath'; problem: 'path' | 'reserved' }
  | { field: 'target'; problem: 'target' | 'https' | 'trailingSlash' | 'self' }
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
 */
export function redirectProblem(others: RedirectRuleInput[], rule: RedirectRuleInput): RedirectProblem | null {
  const { fromPath, target } = rule;
  if (!fromPath.startsWith('/') || safeRedirect(fromPath, '') !== fromPath || /[?#]/.test(fromPath) || (fromPath.length > 1 && fromPath.endsWith('/')))
    return { field: 'fromPath', problem: 'path' };
  if (isReservedPath(fromPath)) return { field: 'fromPath', problem: 'reserved' };
  if (!isSafeRedirectTarget(target)) return { field: 'target', problem: 'target' };
  const path = targetPath(target);
  if (path === null) return new URL(target).protocol === 'https:' ? null : { field: 'target', problem: 'https' };
  if (path === fromPath) return { field: 'target', problem: 'self' };
  // The shop strips a trailing slash with a redirect of its own: that would be a second step.
  if (path.length > 1 && path.endsWith('/')) return { field: 'target', problem: 'trailingSlash' };
  const next = others.find((r) => r.fromPath === path);
  if (next) return { field: 'target', problem: targetPath(next.target) === fromPath ? 'loop' : 'chain', via: next.fromPath };
  const pointing = others.find((r) => targetPath(r.target) === fromPath);
  if (pointing) return { field: 'fromPath', problem: 'pointedAt', via: pointing.fromPath };
  return null;
}
