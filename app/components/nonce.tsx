import { createContext, useContext } from 'react';

// The CSP nonce reaches the document through context (set in entry.server); undefined in the browser.
const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
