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
