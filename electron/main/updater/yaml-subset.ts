/**
 * The YAML electron-builder writes (js-yaml's dump of a flat object): latest.yml and
 * app-update.yml. Top-level `key: scalar`, `key:` followed by a list of flat mappings (`files`),
 * and block scalars (`releaseNotes: |`). Anything else is refused rather than guessed at: a feed
 * that cannot be read is reported as malformed, never half understood. No YAML library ships in
 * the app, and this subset is all the feed needs.
 */
export type YamlScalar = string | number | boolean | null;
export type YamlValue = YamlScalar | Record<string, YamlScalar>[];

export class YamlSubsetError extends Error {
  constructor(line: number, message: string) {
    super(`line ${line}: ${message}`);
    this.name = 'YamlSubsetError';
  }
}

const KEY_VALUE = /^([A-Za-z_][\w.-]*):(?:\s+(.*))?$/;
const BLOCK_HEADER = /^([|>])([1-9])?([+-])?$/;

function unquoteDouble(body: string, line: number): string {
  return body.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)/g, (_all, esc: string) => {
    if (esc.length > 1) return String.fromCodePoint(parseInt(esc.slice(1), 16));
    const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '\0', '"': '"', '\\': '\\', '/': '/', ' ': ' ', e: '\x1b', b: '\b', f: '\f' };
    const value = simple[esc];
    if (value === undefined) throw new YamlSubsetError(line, `unknown escape \\${esc}`);
    return value;
  });
}

/** A plain, 'single' or "double" quoted scalar on one line, with an optional trailing comment. */
export function parseScalar(raw: string, line: number): YamlScalar {
  const trimmed = raw.trim();
  if (trimmed.startsWith("'")) {
    const quoted = /^'((?:[^']|'')*)'\s*(?:#.*)?$/.exec(trimmed);
    if (!quoted) throw new YamlSubsetError(line, 'unterminated single-quoted string');
    return quoted[1]!.replace(/''/g, "'");
  }
  if (trimmed.startsWith('"')) {
    const quoted = /^"((?:[^"\\]|\\.)*)"\s*(?:#.*)?$/.exec(trimmed);
    if (!quoted) throw new YamlSubsetError(line, 'unterminated double-quoted string');
    return unquoteDouble(quoted[1]!, line);
  }
  const text = trimmed.replace(/\s+#.*$/, '');
  if (/^[[{&*!|>%@`]/.test(text)) throw new YamlSubsetError(line, `unsupported value ${JSON.stringify(text)}`);
  if (text === '' || text === '~' || text === 'null') return null;
  if (text === 'true' || text === 'false') return text === 'true';
  if (/^-?(0|[1-9]\d*)(\.\d+)?$/.test(text)) return Number(text);
  return text;
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

/** Lines of a block scalar from `start`; returns the text and the next line to read. */
function readBlock(lines: string[], start: number, header: RegExpExecArray): [string, number] {
  const [, style, explicitIndent, chomp] = header;
  let end = start;
  while (end < lines.length && (lines[end]!.trim() === '' || indentOf(lines[end]!) > 0)) end += 1;
  const body = lines.slice(start, end);
  const firstContent = body.find((l) => l.trim() !== '');
  const indent = explicitIndent ? Number(explicitIndent) : firstContent ? indentOf(firstContent) : 0;
  const content = body.map((l) => l.slice(indent));
  let text: string;
  if (style === '|') {
    text = content.join('\n');
  } else {
    // Folded: a break between two text lines is a space; each empty line is one break.
    text = content.reduce((all, l, i) => {
      if (i === 0) return l;
      if (l === '') return `${all}\n`;
      return content[i - 1] === '' ? all + l : `${all} ${l}`;
    }, '');
  }
  const stripped = text.replace(/\n+$/, '');
  // Chomping: '-' strips the final line break, '+' keeps every one, none keeps one.
  if (chomp === '-' || stripped === '') return [stripped, end];
  return [chomp === '+' ? text + '\n' : stripped + '\n', end];
}

/** `  - key: value` items with `    key: value` continuation lines. */
function readList(lines: string[], start: number): [Record<string, YamlScalar>[], number] {
  const items: Record<string, YamlScalar>[] = [];
  let i = start;
  for (; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const indent = indentOf(line);
    if (indent === 0) break;
    let rest = line.trim();
    if (rest.startsWith('- ')) {
      items.push({});
      rest = rest.slice(2).trim();
    } else if (items.length === 0) {
      throw new YamlSubsetError(i + 1, 'expected a list item');
    }
    const match = KEY_VALUE.exec(rest);
    if (!match) throw new YamlSubsetError(i + 1, 'expected key: value in a list item');
    items[items.length - 1]![match[1]!] = parseScalar(match[2] ?? '', i + 1);
  }
  return [items, i];
}

/** The document as a flat object. Throws YamlSubsetError with the line it could not read. */
export function parseYamlSubset(text: string): Record<string, YamlValue> {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const result: Record<string, YamlValue> = {};
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '' || line.trimStart().startsWith('#') || line === '---') {
      i += 1;
      continue;
    }
    if (indentOf(line) > 0) throw new YamlSubsetError(i + 1, 'unexpected indentation');
    const match = KEY_VALUE.exec(line.trimEnd());
    if (!match) throw new YamlSubsetError(i + 1, 'expected key: value');
    const [, key, raw = ''] = match;
    if (Object.hasOwn(result, key!)) throw new YamlSubsetError(i + 1, `duplicate key ${key}`);
    const block = BLOCK_HEADER.exec(raw.trim());
    if (block) {
      [result[key!], i] = readBlock(lines, i + 1, block);
    } else if (raw.trim() === '') {
      [result[key!], i] = readList(lines, i + 1);
    } else {
      result[key!] = parseScalar(raw, i + 1);
      i += 1;
    }
  }
  return result;
}
