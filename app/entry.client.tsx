import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

// SPEC §8: the shop silences console log, warn and error output at start-up. The end-to-end tests set
// `__kkConsole` before any script runs, so a console error still fails them.
if (import.meta.env.PROD && !(window as { __kkConsole?: boolean }).__kkConsole) {
  for (const level of ['log', 'warn', 'error'] as const) console[level] = () => {};
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
