// ADR 052. V8 compiles a function when it is first called, on the main thread. Chrome (136 and later) reads a first
// line `//# allFunctionsCalledOnLoad` as the hint to compile all of a file's functions with the script instead:
// streamed, off the main thread. A page calls nearly every function of the chunks it runs at start (the client entry,
// the route modules and what they import statically) while it evaluates and hydrates, so those chunks get the hint;
// chunks loaded later through import() (parts below the fold, dialogs) stay lazy.

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

type OutputLike = { type: 'chunk'; isEntry: boolean; imports: string[] } | { type: 'asset' };

/** The file names of the entries (the client entry and every route module) and of all they import statically. */
export function chunksRunAtStart(bundle: Record<string, OutputLike>): Set<string> {
  const todo = Object.keys(bundle).filter((name) => {
    const out = bundle[name]!;
    return out.type === 'chunk' && out.isEntry;
  });
  const found = new Set<string>();
  while (todo.length) {
    const name = todo.pop()!;
    const out = bundle[name];
    if (found.has(name) || out?.type !== 'chunk') continue;
    found.add(name);
    todo.push(...out.imports);
  }
  return found;
}
