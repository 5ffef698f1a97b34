/** Where a CLI writes. Commands take it as a parameter so tests can read what they printed. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

export const processIo: CliIo = {
  out: (text) => console.log(text),
  err: (text) => console.error(text),
};

/** Collects a command's output for assertions. */
export function memoryIo(): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (text) => stdout.push(text), err: (text) => stderr.push(text) };
}
