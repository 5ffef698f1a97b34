/**
 * Recovery phrases (BIP-39 mnemonics: 12 to 24 words) whatever their layout: on one line, split
 * over lines, numbered, comma-separated, JSON-escaped (`\n` between words) or URL-encoded.
 * A run of words is a phrase only when 12 or more of its words in a row are words of the
 * BIP-39 list, which prose never manages: 'the', 'and', 'was' and 'not' are not in it.
 */
import { BIP39_ENGLISH } from './bip39-english';
import { REDACTED } from './marker';
import { runStart } from './run-start';

/** The shortest phrase a wallet shows. */
const MIN_WORDS = 12;
const WORD = '[A-Za-z]{3,8}';
/** Between two words: spaces and line breaks (plain, JSON-escaped or URL-encoded), commas, numbering. */
const GAP = String.raw`(?:[\s,+.:)\d]|\\[nrt]|%20|%0[9AaDd])+`;
/** Runs of at least MIN_WORDS candidate words; the list decides afterwards. */
const CANDIDATE_RUN = new RegExp(`${runStart('A-Za-z')}${WORD}(?:${GAP}${WORD}){${MIN_WORDS - 1},}(?![A-Za-z])`, 'g');
const TOKEN = new RegExp(`(${WORD})|${GAP}`, 'y');

const LIST = new Set(BIP39_ENGLISH);

/** The [start, end) spans of the run's words, in order. */
function wordSpans(run: string): [number, number][] {
  const spans: [number, number][] = [];
  TOKEN.lastIndex = 0;
  for (let token = TOKEN.exec(run); token; token = TOKEN.exec(run)) {
    if (token[1]) spans.push([token.index, token.index + token[1].length]);
  }
  return spans;
}

/** The run with every stretch of MIN_WORDS or more listed words replaced, gaps inside included. */
function redactRun(run: string): string {
  const spans = wordSpans(run);
  let shown = '';
  let copied = 0;
  let first = 0;
  for (let i = 0; i <= spans.length; i += 1) {
    const listed = i < spans.length && LIST.has(run.slice(spans[i]![0], spans[i]![1]).toLowerCase());
    if (listed) continue;
    if (i - first >= MIN_WORDS) {
      shown += run.slice(copied, spans[first]![0]) + REDACTED;
      copied = spans[i - 1]![1];
    }
    first = i + 1;
  }
  return shown + run.slice(copied);
}

export function redactMnemonics(text: string): string {
  return text.replace(CANDIDATE_RUN, redactRun);
}
