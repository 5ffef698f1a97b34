/**
 * JSON strings holding escapes: JSON written inside a JSON string (`"{\"password\":\"x\"}"`: a
 * request body logged as text, a stringified object in a pino message) and text with line
 * breaks (`"config:\npassword: x"`). Each is decoded, redacted with every rule like any text,
 * and written back in JSON's escaping. The rules then see one level of escaping at a time,
 * however deep the nesting: a secret holding quotes goes whole, and `\n` is a line break, not
 * the first letter of the key after it.
 */

/** How deep strings inside strings are opened; past that a string is left to the flat rules. */
const MAX_DEPTH = 4;

/**
 * The JSON string literals of `text` holding an escape, as [start, end) spans. One pass:
 * a literal ends at its closing quote, or is dropped at a line break (JSON strings hold none),
 * and a quote that fails to close a literal cannot open one later on the same line.
 */
function literalsWithEscapes(text: string): [number, number][] {
  const found: [number, number][] = [];
  let start = -1;
  let escaped = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (start < 0) {
      if (char === '"') [start, escaped] = [i, false];
    } else if (char === '\\') {
      escaped = true;
      i += 1;
    } else if (char === '"') {
      if (escaped) found.push([start, i + 1]);
      start = -1;
    } else if (char === '\n') {
      start = -1;
    }
  }
  return found;
}

/** The literal redacted by `redact`, in JSON's escaping; as it was when nothing changed or it is not JSON. */
function redactLiteral(literal: string, redact: (text: string, depth: number) => string, depth: number): string {
  let decoded: unknown;
  try {
    decoded = JSON.parse(literal);
  } catch {
    return literal;
  }
  if (typeof decoded !== 'string') return literal;
  const redacted = redact(decoded, depth + 1);
  return redacted === decoded ? literal : JSON.stringify(redacted);
}

/** `text` with every JSON string that holds an escape redacted inside. */
export function redactEscapedJson(text: string, redact: (text: string, depth: number) => string, depth: number): string {
  if (depth >= MAX_DEPTH || !text.includes('\\')) return text;
  const spans = literalsWithEscapes(text);
  if (spans.length === 0) return text;
  let shown = '';
  let copied = 0;
  for (const [start, end] of spans) {
    shown += text.slice(copied, start) + redactLiteral(text.slice(start, end), redact, depth);
    copied = end;
  }
  return shown + text.slice(copied);
}
