import type { Config } from '@react-router/dev/config';

// The floor app's own config: built into bench/floor/build, apart from the shop's build/.
export default {
  ssr: true,
  appDirectory: 'app',
  buildDirectory: 'build',
  future: { v8_trailingSlashAwareDataRequests: true }, // as the shop's config
} satisfies Config;
