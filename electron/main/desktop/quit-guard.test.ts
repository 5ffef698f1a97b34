import { describe, expect, it, vi } from 'vitest';
import { DESKTOP_TEXT } from '../../../common/messages';
import { closeHidesWindow, createQuitFlow, quitQuestion, type QuitQuestion } from './quit-guard';

describe('quitQuestion', () => {
  it('asks when bots or cycles run in the embedded server, saying what pauses', () => {
    expect(quitQuestion({ embedded: true, counts: { bots: 2, cycles: 1 } })).toEqual({
      message: 'Quit GridDesk?',
      detail: DESKTOP_TEXT.quit.detail(2, 1),
      buttons: ['Quit', 'Keep running'],
    });
    expect(DESKTOP_TEXT.quit.detail(1, 0)).toMatch(
      /^1 bot and 0 cycles run inside GridDesk on this computer and pause while it is closed/,
    );
    expect(DESKTOP_TEXT.quit.detail(1, 0)).toContain('watches no stop loss');
  });

  it('asks when the counts are unknown: the embedded engine runs every member on this computer', () => {
    expect(quitQuestion({ embedded: true, counts: null })?.detail).toBe(DESKTOP_TEXT.quit.detail(null, null));
    expect(DESKTOP_TEXT.quit.detail(null, null)).toMatch(/^Your bots and cycles run inside/);
  });

  it('quits at once with none running, or with a remote server that keeps them running', () => {
    expect(quitQuestion({ embedded: true, counts: { bots: 0, cycles: 0 } })).toBeNull();
    expect(quitQuestion({ embedded: false, counts: { bots: 4, cycles: 2 } })).toBeNull();
  });
});

describe('closeHidesWindow', () => {
  it('hides to the tray unless the app is quitting or there is no tray', () => {
    expect(closeHidesWindow({ quitting: false, hasTray: true })).toBe(true);
    expect(closeHidesWindow({ quitting: true, hasTray: true })).toBe(false);
    expect(closeHidesWindow({ quitting: false, hasTray: false })).toBe(false);
  });
});

function flow(question: QuitQuestion | null, answers: boolean[]) {
  const calls: string[] = [];
  let closed!: () => void;
  const subject = createQuitFlow({
    question: () => question,
    ask: async () => {
      calls.push('ask');
      return answers.shift() ?? false;
    },
    shutdown: () => {
      calls.push('shutdown');
      return new Promise<void>((resolve) => (closed = resolve));
    },
    quit: () => calls.push('quit'),
  });
  return { subject, calls, finishShutdown: () => closed() };
}

const asked = quitQuestion({ embedded: true, counts: null });

describe('quit flow', () => {
  it('holds the quit while asking; Keep running leaves everything running', async () => {
    const { subject, calls } = flow(asked, [false]);
    expect(subject.beforeQuit()).toBe(false);
    expect(subject.beforeQuit()).toBe(false); // a second Quit while the question is open
    await vi.waitFor(() => expect(subject.quitting).toBe(false));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual(['ask']);
  });

  it('on Quit closes the server, then lets the next quit through', async () => {
    const { subject, calls, finishShutdown } = flow(asked, [true]);
    expect(subject.beforeQuit()).toBe(false);
    await vi.waitFor(() => expect(calls).toEqual(['ask', 'shutdown']));
    expect(subject.quitting).toBe(true);
    expect(subject.beforeQuit()).toBe(false); // still closing
    finishShutdown();
    await vi.waitFor(() => expect(calls).toEqual(['ask', 'shutdown', 'quit']));
    expect(subject.beforeQuit()).toBe(true);
  });

  it('does not ask again once the member agreed elsewhere (an update restart)', async () => {
    const { subject, calls, finishShutdown } = flow(asked, [false]);
    subject.skipQuestion();
    expect(subject.beforeQuit()).toBe(false);
    await vi.waitFor(() => expect(calls).toEqual(['shutdown']));
    finishShutdown();
    await vi.waitFor(() => expect(calls).toEqual(['shutdown', 'quit']));
  });

  it('closes without asking when there is nothing to ask, and quits even if closing failed', async () => {
    const calls: string[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const subject = createQuitFlow({
      question: () => null,
      ask: async () => true,
      shutdown: async () => {
        calls.push('shutdown');
        throw new Error('database busy');
      },
      quit: () => calls.push('quit'),
    });
    expect(subject.beforeQuit()).toBe(false);
    await vi.waitFor(() => expect(calls).toEqual(['shutdown', 'quit']));
    expect(subject.beforeQuit()).toBe(true);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
