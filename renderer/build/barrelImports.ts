/**
 * Named imports from a package's barrel (`import { Button, Form } from 'antd'`) rewritten to the
 * component modules the barrel re-exports (`import Button from 'antd/es/button'`).
 *
 * Why: Rolldown puts a module in the chunks of every entry that can reach it through static
 * imports, re-exports included, and does not skip a side-effect-free barrel when it does so
 * (rolldown issue 8920). One `import { App } from 'antd'` on the login route therefore made every
 * antd component the app uses anywhere (Table, Tabs, Menu, Modal...) part of the login route's
 * chunks. Imported from its own module, each component reaches only what it really needs.
 *
 * Pure text in, text out: vite.config.ts reads the barrel file and applies this in a plugin.
 */

/** Export name -> module to import its default from, for one barrel. */
export type BarrelExports = ReadonlyMap<string, string>;

/**
 * The `export { default as Name } from './dir'` lines of a barrel, as Name -> `${prefix}/dir`.
 * Any other export (functions, `export *`) is not listed and stays imported from the barrel.
 */
export function readBarrelExports(barrelSource: string, prefix: string): BarrelExports {
  const exports = new Map<string, string>();
  const line = /export\s*\{\s*default\s+as\s+(\w+)\s*\}\s*from\s*(['"])\.\/([\w./-]+)\2/g;
  for (const match of barrelSource.matchAll(line)) exports.set(match[1]!, `${prefix}/${match[3]!}`);
  return exports;
}

interface Specifier {
  imported: string;
  local: string;
}

/** `A`, `A as B`, `type A` (dropped: types have no runtime import); null if one is not a name. */
function parseSpecifiers(list: string): Specifier[] | null {
  const specifiers: Specifier[] = [];
  for (const raw of list.split(',')) {
    const text = raw.trim();
    if (text === '' || text.startsWith('type ')) continue;
    const match = /^(\w+)(?:\s+as\s+(\w+))?$/.exec(text);
    if (!match) return null;
    specifiers.push({ imported: match[1]!, local: match[2] ?? match[1]! });
  }
  return specifiers;
}

const quote = (text: string) => JSON.stringify(text);

/**
 * `code` with every value import of named exports from `barrel` that `exports` knows pointed
 * at their own modules; names it does not know keep the barrel import. Type-only imports and
 * imports it cannot read (comments inside the braces, a default or namespace import) stay as
 * they are, which is always correct, only not smaller. Returns null when nothing changed.
 */
export function rewriteBarrelImports(code: string, barrel: string, exports: BarrelExports): string | null {
  const escaped = barrel.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const statement = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*(['"])${escaped}\\2\\s*;?`, 'g');
  let changed = false;
  const rewritten = code.replace(statement, (whole, list: string) => {
    const specifiers = parseSpecifiers(list);
    if (!specifiers) return whole;
    const direct = specifiers.filter((s) => exports.has(s.imported));
    if (direct.length === 0) return whole;
    changed = true;
    const rest = specifiers.filter((s) => !exports.has(s.imported));
    const lines = direct.map((s) => `import ${s.local} from ${quote(exports.get(s.imported)!)};`);
    if (rest.length > 0) {
      const names = rest.map((s) => (s.local === s.imported ? s.imported : `${s.imported} as ${s.local}`));
      lines.push(`import { ${names.join(', ')} } from ${quote(barrel)};`);
    }
    // On the statement's first line, padded with as many line breaks as it spanned: the code
    // after it keeps its lines and columns, so the plugin can leave source maps as they are.
    return lines.join(' ') + '\n'.repeat(whole.split('\n').length - 1);
  });
  return changed ? rewritten : null;
}
