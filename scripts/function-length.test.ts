import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Module and flow functions stay short enough to read in one screen: a longer one hides several steps that each
// deserve a name. Tests are left out (a describe block is a list, not a step).
const MAX_BODY_LINES = 80;
const ROOTS = ['app/modules', 'app/flows'];

type Long = { where: string; lines: number };

/** Every function, arrow or method of `code` whose body spans more than `max` lines (the lines between its braces). */
export function longFunctions(fileName: string, code: string, max = MAX_BODY_LINES): Long[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Long[] = [];
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const body = node.body as ts.Node;
      const block = ts.isBlock(body);
      // A block's body is the lines between its braces; an expression body counts all the lines it spans.
      const lines = lineOf(body.getEnd()) - lineOf(body.getStart(source)) + (block ? -1 : 1);
      if (lines > max) found.push({ where: `${fileName}:${lineOf(node.getStart(source)) + 1} ${nameOf(node)}`, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function nameOf(node: ts.Node): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name) return named.name.getText();
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  return '(anonymous)';
}

function sourceFiles(root: string): string[] {
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => path.join(root, f));
}

describe('function length', () => {
  it('finds a function over the limit (the check can fail)', () => {
    const body = Array.from({ length: 81 }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const code = `export function tooLong() {\n${body}\n}\nexport const fine = () => {\n  return 1;\n};\n`;
    expect(longFunctions('fixture.ts', code)).toEqual([{ where: 'fixture.ts:1 tooLong', lines: 81 }]);
    expect(longFunctions('fixture.ts', code.replace('  const v80 = 80;\n', ''))).toEqual([]);
  });

  it('finds long arrows and methods inside components', () => {
    const body = Array.from({ length: 81 }, () => '      <p />').join('\n');
    const code = `const C = () => {\n  const obj = { render() {\n    return (\n${body}\n    );\n  } };\n  return obj;\n};\n`;
    expect(longFunctions('fixture.tsx', code).map((f) => f.where)).toEqual(['fixture.tsx:1 C', 'fixture.tsx:2 render']);
  });

  it(`keeps every function in ${ROOTS.join(' and ')} at ${MAX_BODY_LINES} body lines or fewer`, () => {
    const long = ROOTS.flatMap(sourceFiles).flatMap((file) => longFunctions(file, fs.readFileSync(file, 'utf8')));
    expect(long.map((f) => `${f.where} (${f.lines} lines)`)).toEqual([]);
  });
});

// A route is its page and one call; one longer than this mixes the page with work that belongs in a flow, a module
// or its colocated .server.ts.
const MAX_ROUTE_LINES = 200;

describe('route length', () => {
  it(`keeps every route file at ${MAX_ROUTE_LINES} lines or fewer`, () => {
    const long = sourceFiles('app/routes')
      .map((file) => ({ file, lines: fs.readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter((f) => f.lines > MAX_ROUTE_LINES);
    expect(long.map((f) => `${f.file} (${f.lines} lines)`)).toEqual([]);
  });
});
