// `npm start`: build (skip with SKIP_BUILD=1), then serve the build in production mode.
import { spawn, spawnSync } from 'node:child_process';

if (process.env.SKIP_BUILD !== '1') {
  const r = spawnSync('npx', ['react-router', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
