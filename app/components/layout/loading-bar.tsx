import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';
import { nl } from '~/i18n/nl.ts';
import { createLoadingIndicator, initialLoadingState, type LoadingIndicator, type LoadingState } from '~/lib/loading-indicator.ts';

/** Thin progress bar at the top of the page while React Router navigates. */
export function LoadingBar() {
  const busy = useNavigation().state !== 'idle';
  const [state, setState] = useState<LoadingState>(initialLoadingState);
  const indicator = useRef<LoadingIndicator | null>(null);

  // Created in an effect so no timers ever run on the server.
  useEffect(() => {
    const created = createLoadingIndicator({ onChange: setState });
    indicator.current = created;
    return () => {
      created.clear();
      indicator.current = null;
    };
  }, []);

  useEffect(() => {
    if (busy) indicator.current?.start();
    else indicator.current?.finish();
  }, [busy]);

  if (!state.visible) return null;
  const progress = Math.round(state.progress);
  return (
    <div
      role="progressbar"
      aria-label={nl.loading}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={progress}
      className="pointer-events-none fixed inset-x-0 top-0 z-[110] h-[3px] origin-left bg-primary-500 transition-transform duration-200 ease-out motion-reduce:transition-none"
      style={{ transform: `scaleX(${progress / 100})` }}
    />
  );
}
