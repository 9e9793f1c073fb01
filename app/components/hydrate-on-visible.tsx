import { type ComponentPropsWithoutRef, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useLocation } from 'react-router';
import { pressedWithin } from '~/lib/pressed-before-live.ts';
import { isHydrating } from './use-hydrated.ts';

type Tag = 'div' | 'footer' | 'li' | 'nav' | 'section';
type Props<T extends Tag> = {
  as: T;
  children: ReactNode;
  /** Fetches the code of lazy components inside, so that the part is replaced at once, not by their fallback. */
  preload?: () => Promise<unknown>;
  /**
   * 'near' (the default): live when it comes within 200 px of the screen. 'used': only when used (a pointer, the
   * focus, a click), also on screen: for parts whose server HTML is all a visitor needs until then (a listing's cards).
   */
  until?: 'near' | 'used';
  /**
   * The server's HTML of the children, when a string is cheaper to make than their render (a listing's cards). Only
   * the server uses it: React never hydrates a static part, and once live the part renders its children.
   */
  serverHtml?: (location: { pathname: string; search: string }) => string;
} & Omit<ComponentPropsWithoutRef<T>, 'children' | 'dangerouslySetInnerHTML'>;

// Where the focus was inside the part when it turned live: its n-th focusable element gets it back.
const FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex]';
const CLICKABLE = 'a[href], button, summary, label, input[type="checkbox"], input[type="radio"], input[type="submit"]';

/**
 * A part below the fold (ADR 048). On the first page load React leaves the server's HTML of this part as it is
 * (no hydration: a phone's main thread is spared its components) until the part comes near the screen, a pointer or
 * the focus enters it, or the visitor navigates; then React renders it anew. Until then it is the server's HTML: a click
 * on it is held and made again on the live part. Mounted after the first load (a client-side navigation) it renders at
 * once. The static part carries `data-static` ("used" when only use makes it live; the end-to-end tests wait for the
 * other parts near the screen to be live).
 */
export function HydrateOnVisible<T extends Tag>({ as, preload, until = 'near', serverHtml, children, ...rest }: Props<T>) {
  const [live, setLive] = useState(() => import.meta.env.SSR || !isHydrating());
  const ref = useRef<HTMLElement>(null);
  const before = useRef<{ el: HTMLElement; focusAt: number } | null>(null);
  const clickAt = useRef(-1);
  const hoverAt = useRef(-1);
  const hoverType = useRef('mouse');
  const location = useLocation();
  const locationKey = location.key;
  const firstLocation = useRef(locationKey);
  const goLive = useRef(() => {});
  useEffect(() => {
    if (live) return;
    const el = ref.current!;
    // A click before the part is live (it was on its way, or its code still loading) is not lost: it is held and
    // made again on the same element of the live part. A modified click (new tab) stays the browser's.
    const onClick = (e: MouseEvent) => {
      const target = e.target instanceof Element ? e.target.closest(CLICKABLE) : null;
      if (!target || !el.contains(target) || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      clickAt.current = [...el.querySelectorAll(CLICKABLE)].indexOf(target);
      pressing = false;
      go();
      swap();
    };
    // The pointer that makes the part live is already over it: what it points at is remembered for the live part.
    const onPointer = (e: PointerEvent) => {
      const target = e.target instanceof Element ? e.target.closest(CLICKABLE) : null;
      hoverAt.current = target ? [...el.querySelectorAll(CLICKABLE)].indexOf(target) : -1;
      hoverType.current = e.pointerType;
      go();
    };
    // A press is not split by the switch: released on another element, it would make no click at all. The switch
    // waits for the press's click (held above) or, when none comes (a scroll, a release elsewhere), a moment after it.
    let pressing = false;
    let waiting: ReturnType<typeof setTimeout> | undefined;
    const onDown = () => {
      pressing = true;
      clearTimeout(waiting);
    };
    const onRelease = () => {
      if (pressing) waiting = setTimeout(() => ((pressing = false), swap()), 300);
    };
    let going = false;
    let ready = false;
    const go = (goLive.current = () => {
      if (going) return;
      going = true;
      io.disconnect();
      triggers.abort();
      void Promise.resolve(preload?.()).then(() => ((ready = true), swap()));
    });
    // At once, not in a transition: a click or key that follows must find the live part, not the static one.
    const swap = () => {
      if (!ready || pressing) return;
      ready = false;
      const active = document.activeElement;
      before.current = { el, focusAt: active && el.contains(active) ? [...el.querySelectorAll(FOCUSABLE)].indexOf(active) : -1 };
      flushSync(() => setLive(true));
    };
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && go(), { rootMargin: '200px 0px' });
    el.dataset.static = until === 'used' ? 'used' : '';
    if (until === 'near') io.observe(el);
    // What makes the part live stops listening once it goes; the rest when the part is live or gone.
    const triggers = new AbortController();
    const listeners = new AbortController();
    // A button pressed before the page was live (pressed-before-live.ts) is held the same way.
    const early = pressedWithin(el);
    if (early) {
      clickAt.current = [...el.querySelectorAll(CLICKABLE)].indexOf(early);
      go();
    }
    el.addEventListener('focusin', go, { signal: triggers.signal });
    el.addEventListener('pointerover', onPointer, { signal: triggers.signal });
    el.addEventListener('pointerdown', onDown, { signal: listeners.signal });
    el.addEventListener('click', onClick, { signal: listeners.signal });
    document.addEventListener('pointerup', onRelease, { capture: true, signal: listeners.signal });
    document.addEventListener('pointercancel', onRelease, { capture: true, signal: listeners.signal });
    return () => {
      io.disconnect();
      clearTimeout(waiting);
      triggers.abort();
      listeners.abort();
    };
  }, [live, preload, until]);
  // Another page: the part may show something else there.
  useEffect(() => {
    if (locationKey !== firstLocation.current) goLive.current();
  }, [locationKey]);
  // What the visitor did in the static part before it was replaced carries over: typed text, the focus, a click.
  useLayoutEffect(() => {
    const from = before.current;
    if (!live || !from || !ref.current) return;
    before.current = null;
    const fields = ref.current.querySelectorAll<HTMLInputElement>('input, textarea');
    from.el.querySelectorAll<HTMLInputElement>('input, textarea').forEach((f, i) => {
      const to = fields[i];
      if (to && f.type !== 'hidden' && f.value !== f.defaultValue) to.value = f.value;
    });
    if (from.focusAt >= 0) (ref.current.querySelectorAll(FOCUSABLE)[from.focusAt] as HTMLElement | undefined)?.focus({ preventScroll: true });
    const clicked = ref.current.querySelectorAll(CLICKABLE)[clickAt.current] as HTMLElement | undefined;
    const hovered = ref.current.querySelectorAll(CLICKABLE)[hoverAt.current];
    clickAt.current = hoverAt.current = -1;
    // The live element under the pointer gets the enter and the move it missed (a link's prefetch on intent, a
    // tooltip), then the held click. After the commit: their own updates are then ordinary ones.
    const pointerType = hoverType.current;
    if (hovered)
      queueMicrotask(() => {
        hovered.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
        hovered.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, pointerType }));
      });
    if (clicked) queueMicrotask(() => clicked.click());
  }, [live]);
  const Part = as as 'div';
  const props = { ...(rest as ComponentPropsWithoutRef<'div'>), ref: ref as React.Ref<HTMLDivElement> };
  if (import.meta.env.SSR && serverHtml) return <Part key="live" {...props} dangerouslySetInnerHTML={{ __html: serverHtml(location) }} />;
  // A new key when it turns live: React replaces the server's element with its own render rather than patch HTML it
  // never read.
  return live ? (
    <Part key="live" {...props}>
      {children}
    </Part>
  ) : (
    <Part key="static" {...props} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />
  );
}
