import type { Db } from './db/client.server.ts';
import type { ThirdPartyScripts } from './modules/consent/consent.ts';
import type { PaymentConfig } from './modules/payments/payments.server.ts';

// What the Express server hands to every loader and action.
declare module 'react-router' {
  interface AppLoadContext {
    db: Db;
    /** CSP nonce of this response. */
    nonce: string;
    /** Id of the running client build, for new-build detection. */
    buildId: string;
    secrets: { app: string; webhook: string };
    /** Bearer tokens of the staff HTTP API (STAFF_API_TOKENS); empty when it is switched off. */
    staffTokens: string[];
    /** The shop's public address when set (links in e-mails); otherwise the request's origin. */
    publicUrl?: string;
    /** The online payment providers this process offers (read once at start-up). */
    payments: PaymentConfig;
    /** Third-party scripts loaded with the visitor's consent (read once at start-up). */
    thirdParty: ThirdPartyScripts;
  }
}
export {};
