/**
 * The one text redaction: every log line the server writes and every file the desktop puts in
 * a diagnostics zip goes through redactText. Rules run in order, from the exact (secrets the
 * caller knows, values under secret names) to the broad (anything shaped like a key), and each
 * skips a text that lacks the character it needs; a line with none of them costs one scan.
 */
import { redactEscapedJson } from './escaped-json';
import { redactKnownSecrets } from './known-secrets';
import { redactMnemonics } from './mnemonic';
import { NAMED_RULES, type Rule } from './named';
import { redactKeyShapes, SHAPED_RULES } from './shaped';
import { redactUrlsInText } from './urls';

export interface RedactOptions {
  /**
   * Values known to be secret (the server's configuration), redacted in every form. Pass the
   * same array each time: it is compiled once.
   */
  secrets?: readonly string[];
}

const RULES: readonly Rule[] = [...NAMED_RULES, redactUrlsInText, ...SHAPED_RULES, redactMnemonics, redactKeyShapes];

/**
 * Characters one of the rules needs: quotes, ':' and '=' (names), '/' and '@' (URLs, paths,
 * addresses), '%' and '\\' (encoded forms), letters and digits in a run of 12 (keys, JWTs),
 * the words Bearer, Basic and PRIVATE KEY, or enough words for a recovery phrase. Text without
 * any of them is returned as it is.
 */
const CANDIDATE = /["'`:=/@%\\]|[A-Za-z0-9+_-]{12}|bearer|basic|private key|(?:[A-Za-z]{3,8}[^A-Za-z]{1,8}){11}/i;

function redactAt(text: string, depth: number, secrets: readonly string[]): string {
  let shown = redactKnownSecrets(text, secrets);
  if (!CANDIDATE.test(shown)) return shown;
  shown = redactEscapedJson(shown, (inner, innerDepth) => redactAt(inner, innerDepth, secrets), depth);
  for (const rule of RULES) shown = rule(shown);
  return shown;
}

/**
 * How many times the rules may run over a text. A replacement can join what another rule then
 * matches across it: a reset token stopped at a '/', a base64 run took the JWT header behind it,
 * and only a second pass saw the JWT's payload and signature as the rest of the token. The rules
 * run again until a pass changes nothing, so redacting twice never shows more than once; a text
 * with no secret costs one pass, one with secrets usually two.
 */
const MAX_PASSES = 4;

/** `text` with every secret the rules recognise replaced by [REDACTED]. */
export function redactText(text: string, options: RedactOptions = {}): string {
  const secrets = options.secrets ?? [];
  // Another pass only after one that changed something: the rules map the same text to the same text.
  let before = text;
  let shown = redactAt(text, 0, secrets);
  for (let pass = 1; pass < MAX_PASSES && shown !== before; pass += 1) {
    before = shown;
    shown = redactAt(shown, 0, secrets);
  }
  return shown;
}
