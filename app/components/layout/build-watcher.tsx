import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';
import { BUILD_POLL_MS, latestBuildUrl, shouldReload } from '~/lib/build-watch.ts';
import { useToast } from '~/components/ui/toaster.tsx';
import { nl } from '~/i18n/nl.ts';

// Reading window.sessionStorage itself throws when storage is blocked; then we never auto-reload.
function allowReload(): boolean {
  try {
    return shouldReload(window.sessionStorage, Date.now());
  } catch {
    return false;
  }
}

/**
 * Notices a new deploy and swaps to it on the next navigation with a full page load,
 * so visitors do not keep running old JavaScript against a new server.
 * `buildId` must identify the client bundle that is running, not come from loader data
 * (a revalidated loader would already report the new server's id).
 */
export function BuildWatcher({ buildId }: { buildId: string }) {
  // The id at first render is the bundle this tab runs; later loader data may already carry a newer one.
  const [runningId] = useState(buildId);
  const { toast } = useToast();
  const newBuild = useRef(false);
  const navigation = useNavigation();
  const next = navigation.state === 'loading' ? navigation.location : undefined;

  useEffect(() => {
    const controller = new AbortController();
    let checking = false;

    async function check() {
      if (newBuild.current || checking || document.visibilityState === 'hidden') return;
      checking = true;
      try {
        // Fetched at the first poll, not with the page: the fetch helper is off every page's first-load JS (ADR 027).
        const { http } = await import('~/lib/http.ts');
        const latest = await http<{ id?: unknown } | undefined>(latestBuildUrl(Date.now()), { signal: controller.signal });
        if (typeof latest?.id === 'string' && latest.id !== '' && latest.id !== runningId) {
          newBuild.current = true;
          toast({ title: nl.build.reload, type: 'background' });
          clearInterval(timer);
        }
      } catch {
        // Offline, mid-deploy or aborted: just try again on the next poll.
      } finally {
        checking = false;
      }
    }

    const timer = setInterval(() => void check(), BUILD_POLL_MS);
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void check();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      controller.abort();
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [runningId, toast]);

  useEffect(() => {
    if (!next || !newBuild.current) return;
    if (allowReload()) window.location.assign(next.pathname + next.search + next.hash);
  }, [next]);

  useEffect(() => {
    // A lazy route chunk failed to load, usually because a deploy removed it.
    const onPreloadError = (event: Event) => {
      // Only swallow the error when we really reload; otherwise let the route error boundary show it.
      if (!allowReload()) return;
      event.preventDefault();
      window.location.reload();
    };
    window.addEventListener('vite:preloadError', onPreloadError);
    return () => window.removeEventListener('vite:preloadError', onPreloadError);
  }, []);

  return null;
}
