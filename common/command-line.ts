/**
 * The command line of every CLI (`npm run admin`, `chain`, `faucet`, `sim`, `backtest`,
 * `seed:demo`), read one way: `--help` or `-h` answers the usage on stdout with exit 0 and
 * nothing else runs; an unknown flag is one line on stderr naming it, with where the usage is,
 * and exit 2 (the shell convention for a command line misused). Each CLI then checks its own
 * values (required, ranges) as it always did.
 *
 * Not node:util parseArgs: a string flag here takes the next word even when it starts with a
 * single dash, because `npm run admin -- adjust --amount -25` debits 25 (parseArgs refuses
 * that as ambiguous); and a flag followed by another flag has no value, which the CLI words
 * ('--email is required'). Pure (no process, no Node): `sim/` reads its command line with it too.
 */

export type FlagType = 'string' | 'boolean';

export interface CommandLineSpec<F extends string = string> {
  /** How the command is typed, for the messages: `npm run chain`. */
  command: string;
  usage: string;
  flags: Readonly<Record<F, FlagType>>;
  /** How many words besides the flags the command takes; unset: any number. */
  maxPositionals?: number;
}

/**
 * A string flag's value: the word after it, or null when the flag was given without one (it
 * came last, or another `--flag` followed). A boolean flag given is true. Absent flags are absent.
 */
export type FlagValues<F extends string> = Partial<Record<F, string | null | true>>;

export type CommandLine<F extends string = string> =
  | { kind: 'help'; exitCode: 0; stdout: string }
  | { kind: 'refused'; exitCode: 2; stderr: string }
  | { kind: 'run'; flags: FlagValues<F>; positionals: string[] };

/** The exit code of a command line that cannot be acted on. */
export const MISUSE_EXIT_CODE = 2;

const HELP_WORDS = new Set(['--help', '-h']);
/** A word that is a value even though it starts with '-': a negative number, or '-' (stdin). */
const NOT_A_FLAG = /^-(\d|\.\d|$)/;

function refused(spec: CommandLineSpec<string>, what: string): CommandLine<never> {
  return { kind: 'refused', exitCode: MISUSE_EXIT_CODE, stderr: `${what} (${spec.command} -- --help shows the usage)` };
}

function isFlagWord(word: string): boolean {
  return word.startsWith('-') && !NOT_A_FLAG.test(word);
}

/**
 * Reads `argv` (process.argv.slice(2)) against `spec`. Help wins over every other problem: a
 * member who asks for the usage gets it. `--` ends the flags; `--name=value` works too.
 */
export function readCommandLine<F extends string>(argv: readonly string[], spec: CommandLineSpec<F>): CommandLine<F> {
  const flags: FlagValues<F> = {};
  const positionals: string[] = [];
  // The first problem is the one reported: one line, however many there are.
  let problem: string | null = null;
  const note = (text: string): void => {
    problem ??= text;
  };
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (HELP_WORDS.has(word)) return { kind: 'help', exitCode: 0, stdout: spec.usage };
    if (!isFlagWord(word)) {
      positionals.push(word);
      continue;
    }
    const equals = word.indexOf('=');
    const name = (word.startsWith('--') ? word.slice(2, equals < 0 ? undefined : equals) : '') as F;
    const type: FlagType | undefined = Object.hasOwn(spec.flags, name) ? spec.flags[name] : undefined;
    if (type === undefined) {
      note(`Unknown option ${equals < 0 ? word : word.slice(0, equals)}`);
      continue;
    }
    if (flags[name] !== undefined) note(`--${name} is given twice`);
    if (type === 'boolean') {
      if (equals >= 0) note(`--${name} takes no value`);
      flags[name] = true;
    } else if (equals >= 0) {
      flags[name] = word.slice(equals + 1);
    } else {
      const next = argv[i + 1];
      // `--email --days 30`: --email has no value; `--amount -25` has one.
      if (next === undefined || next.startsWith('--')) flags[name] = null;
      else {
        flags[name] = next;
        i++;
      }
    }
  }
  if (problem === null && spec.maxPositionals !== undefined && positionals.length > spec.maxPositionals) {
    problem = `Unexpected argument ${positionals[spec.maxPositionals]!}`;
  }
  return problem === null ? { kind: 'run', flags, positionals } : refused(spec, problem);
}

/** Where a CLI writes (server/cli/io.ts's CliIo has this shape). */
export interface CommandLineOutput {
  out(text: string): void;
  err(text: string): void;
}

/** A command line that is answered rather than run. */
export type AnsweredCommandLine = Exclude<CommandLine, { kind: 'run' }>;

/**
 * Writes a help or refusal answer and returns its exit code. The CLIs answer before anything
 * else, so --help and a misspelt flag never touch a database, a port or a file.
 */
export function answerCommandLine(line: AnsweredCommandLine, io: CommandLineOutput): number {
  if (line.kind === 'help') io.out(line.stdout);
  else io.err(line.stderr);
  return line.exitCode;
}
