import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

// The header's and footer's fixed links are rendered on every page, some 30 of them. A React Router <Link> costs
// the server its hooks per link (resolving the href against the route matches, a click handler), about 3 % of an
// account page's CPU; these hrefs are absolute already. So they are plain anchors, and one click handler on the
// document (useShellLinkNavigation, in the root layout) makes them client-side navigations as <Link> did.
// `data-discover` is what <Link> renders too: React Router's lazy route discovery fetches the routes of the links
// on the page, so the click needs no extra round trip.
const SHELL_LINK = 'data-shell-link';

type Props = Omit<React.ComponentPropsWithoutRef<'a'>, 'href'> & { to: string };

/** A link of the shop's shell (header, footer): an absolute path, navigated client-side once the page runs. */
export function ShellLink({ to, ...rest }: Props) {
  return <a href={to} data-discover="true" {...{ [SHELL_LINK]: '' }} {...rest} />;
}

/** Whether `to` is the page at `pathname` or one above it, as <NavLink> (without `end`) marks it. */
export const isCurrent = (to: string, pathname: string) => pathname === to || (to !== '/' && pathname.startsWith(`${to}/`));

/** A <ShellLink> with `aria-current="page"` on its own page and the pages below it, as <NavLink> does. */
export function ShellNavLink(props: Props) {
  const { pathname } = useLocation();
  return <ShellLink aria-current={isCurrent(props.to, pathname) ? 'page' : undefined} {...props} />;
}

/**
 * One click handler for every <ShellLink>: a plain left click on one becomes a client-side navigation (a modified
 * click, a new tab or download stays the browser's). A click something else already handled (a part that was not
 * live yet holds it and makes it again, HydrateOnVisible) is left alone.
 */
export function useShellLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>(`a[${SHELL_LINK}]`) : null;
      if (!a || (a.target && a.target !== '_self') || a.hasAttribute('download')) return;
      const url = new URL(a.href);
      if (url.origin !== window.location.origin) return;
      e.preventDefault();
      const to = url.pathname + url.search + url.hash;
      // As <Link>: a link to the page that is open replaces its history entry rather than adding one.
      navigate(to, { replace: to === window.location.pathname + window.location.search + window.location.hash });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
}
