import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { closedPanels, type PanelName, type PanelState, togglePanel } from './panels.ts';

type PanelsApi = {
  state: PanelState;
  setOpen: (name: PanelName, open: boolean) => void;
  /** The login popup (SPEC §2); opening it closes the panels. */
  loginOpen: boolean;
  setLoginOpen: (open: boolean) => void;
};
const PanelsContext = createContext<PanelsApi | null>(null);

export function PanelsProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<PanelState>(closedPanels);
  const [loginOpen, setLogin] = useState(false);
  const location = useLocation();
  // A navigation from inside a panel closes it (state adjusted during render, not in an effect).
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    setState(closedPanels);
    setLogin(false);
  }
  const api = useMemo<PanelsApi>(
    () => ({
      state,
      setOpen: (name, open) => setState((s) => togglePanel(s, name, open)),
      loginOpen,
      setLoginOpen: (open) => {
        if (open) setState(closedPanels);
        setLogin(open);
      },
    }),
    [state, loginOpen],
  );
  return <PanelsContext.Provider value={api}>{children}</PanelsContext.Provider>;
}

export function usePanels() {
  const api = useContext(PanelsContext);
  if (!api) throw new Error('usePanels must be used inside <PanelsProvider>');
  return api;
}
