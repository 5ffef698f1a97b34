import { describe, expect, it } from 'vitest';
import { answerCommandLine, readCommandLine, type CommandLineSpec } from './command-line';

const spec: CommandLineSpec<'email' | 'amount' | 'json'> = {
  command: 'npm run tool',
  usage: 'Usage: npm run tool -- --email E [--amount X] [--json]',
  flags: { email: 'string', amount: 'string', json: 'boolean' },
};

describe('readCommandLine', () => {
  it.each([
    [['--help']],
    [['-h']],
    [['--email', 'a@b.c', '--help']],
    // Help wins over a problem elsewhere on the line: asked for, the usage is what helps.
    [['--bogus', '-h']],
    [['--email', '--help']],
  ])('answers %j with the usage on stdout, exit 0', (argv) => {
    expect(readCommandLine(argv, spec)).toEqual({ kind: 'help', exitCode: 0, stdout: spec.usage });
  });

  it.each([
    [['--bogus'], 'Unknown option --bogus'],
    [['--email', 'a@b.c', '--bogus=1'], 'Unknown option --bogus'],
    [['-x'], 'Unknown option -x'],
    // Another command's flag, or one spelled with the wrong case, is as unknown.
    [['--Email', 'a@b.c'], 'Unknown option --Email'],
    [['--json=yes'], '--json takes no value'],
    [['--email', 'a', '--email', 'b'], '--email is given twice'],
  ])('refuses %j with one line naming it and the usage hint, exit 2', (argv, what) => {
    expect(readCommandLine(argv, spec)).toEqual({
      kind: 'refused',
      exitCode: 2,
      stderr: `${what} (npm run tool -- --help shows the usage)`,
    });
  });

  it('reports the first of several problems, on one line', () => {
    const line = readCommandLine(['--one', '--two'], spec);
    expect(line).toMatchObject({ kind: 'refused', stderr: 'Unknown option --one (npm run tool -- --help shows the usage)' });
  });

  it('reads string flags, boolean flags and positionals', () => {
    expect(readCommandLine(['add', '--email', 'a@b.c', 'more', '--json', '--amount=5'], spec)).toEqual({
      kind: 'run',
      flags: { email: 'a@b.c', json: true, amount: '5' },
      positionals: ['add', 'more'],
    });
  });

  it('takes a negative number as a value and as a positional, never as a flag', () => {
    expect(readCommandLine(['--amount', '-25', '-1.5', '-.5', '-'], spec)).toEqual({
      kind: 'run',
      flags: { amount: '-25' },
      positionals: ['-1.5', '-.5', '-'],
    });
  });

  it('gives a string flag followed by another flag, or given last, no value (null)', () => {
    expect(readCommandLine(['--email', '--amount'], spec)).toEqual({
      kind: 'run',
      flags: { email: null, amount: null },
      positionals: [],
    });
  });

  it('takes everything after -- as positionals, flags and --help included', () => {
    expect(readCommandLine(['--json', '--', '--help', '--bogus'], spec)).toEqual({
      kind: 'run',
      flags: { json: true },
      positionals: ['--help', '--bogus'],
    });
  });

  it('refuses more positionals than the command takes, naming the first extra one', () => {
    const twoWords = { ...spec, maxPositionals: 2 };
    expect(readCommandLine(['a', 'b'], twoWords)).toMatchObject({ kind: 'run', positionals: ['a', 'b'] });
    expect(readCommandLine(['a', 'b', 'c', 'd'], twoWords)).toEqual({
      kind: 'refused',
      exitCode: 2,
      stderr: 'Unexpected argument c (npm run tool -- --help shows the usage)',
    });
  });

  it('does not take inherited object keys for flags', () => {
    expect(readCommandLine(['--toString', '--constructor'], spec)).toMatchObject({
      kind: 'refused',
      stderr: expect.stringContaining('Unknown option --toString'),
    });
  });
});

describe('answerCommandLine', () => {
  it('writes help to stdout and a refusal to stderr, and returns the exit code', () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (text: string) => out.push(text), err: (text: string) => err.push(text) };
    expect(answerCommandLine({ kind: 'help', exitCode: 0, stdout: 'usage' }, io)).toBe(0);
    expect(answerCommandLine({ kind: 'refused', exitCode: 2, stderr: 'Unknown option --x (hint)' }, io)).toBe(2);
    expect({ out, err }).toEqual({ out: ['usage'], err: ['Unknown option --x (hint)'] });
  });
});
