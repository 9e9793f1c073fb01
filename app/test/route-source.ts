// Tests that read route modules' source (permission checks, cart readers) follow a loader or action into the
// colocated `.server.ts` a route hands it to, so splitting a route never hides its handler from them.
import fs from 'node:fs';
import path from 'node:path';

/** The body of `export (async) function name` up to the next top-level declaration, or null. */
export function functionBody(code: string, name: string): string | null {
  const m = new RegExp(`export (async )?function ${name}\\b`).exec(code);
  if (!m) return null;
  const rest = code.slice(m.index + m[0].length);
  const end = rest.search(/\n(export |function |const |type )/);
  return end < 0 ? rest : rest.slice(0, end);
}

/**
 * A route's loader or action body: its own, one re-exported (`export { loader } from './x.server.ts'`) or one it
 * delegates to (`export const loader = (args) => xLoader(args)` with xLoader imported from './…'). `'unreadable'`
 * for any other shape (so a check on it fails rather than passes), null when the route has none.
 */
export function handlerBody(file: string, name: 'loader' | 'action'): string | null {
  const code = fs.readFileSync(file, 'utf8');
  const own = functionBody(code, name);
  if (own !== null) return own;
  const read = (from: string, fn: string) => functionBody(fs.readFileSync(path.resolve(path.dirname(file), from), 'utf8'), fn) ?? 'unreadable';
  const reexport = new RegExp(`export \\{[^}]*\\b${name}\\b[^}]*\\} from '(\\./[^']+)'`).exec(code);
  if (reexport) return read(reexport[1]!, name);
  const delegated = new RegExp(`export const ${name} = \\([^)]*\\) => (\\w+)\\(`).exec(code);
  const from = delegated && new RegExp(`import \\{[^}]*\\b${delegated[1]}\\b[^}]*\\} from '(\\./[^']+)'`).exec(code);
  if (delegated && from) return read(from[1]!, delegated[1]!);
  return new RegExp(`export (const|\\{[^}]*)\\b${name}\\b`).test(code) ? 'unreadable' : null;
}
