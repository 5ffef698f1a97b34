/**
 * Per-member serialisation of wallet operations: two concurrent transfers of one member run
 * one after the other, so both cannot pass the balance check on the same balance. (One API
 * process per deployment; a multi-process API would move this to a database advisory lock.)
 */
const tails = new Map<string, Promise<unknown>>();

export async function serialised<T>(member: string, run: () => Promise<T>): Promise<T> {
  const before = tails.get(member) ?? Promise.resolve();
  const turn = before.catch(() => undefined).then(run);
  const tail = turn.catch(() => undefined);
  tails.set(member, tail);
  try {
    return await turn;
  } finally {
    if (tails.get(member) === tail) tails.delete(member);
  }
}
