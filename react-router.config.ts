import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  appDirectory: 'app',
  // A client-side navigation to `/faq/` asks for `/faq/_.data` (not `/faq.data`), so the server sees the
  // trailing slash and applies SPEC §2 rule 3 as it does on a full page load (server/routing.ts).
  future: { v8_trailingSlashAwareDataRequests: true },
} satisfies Config;
