/**
 * The in-process half of the member lock: one process's wallet operations of one member queue
 * here, one after another, instead of spinning on the database lock (records.ts), which is what
 * actually serialises them across API processes. Queues are per database handle, so two apps
 * built in one process (tests) behave like two processes.
 */
const queues = new WeakMap<object, Map<string, Promise<unknown>>>();

export async function serialised<T>(scope: object, member: string, run: () => Promise<T>): Promise<T> {
  let tails = queues.get(scope);
  if (!tails) {
    tails = new Map();
    queues.set(scope, tails);
  }
  const queue = tails;
  const before = queue.get(member) ?? Promise.resolve();
  const turn = before.catch(() => undefined).then(run);
  const tail = turn.catch(() => undefined);
  queue.set(member, tail);
  try {
    return await turn;
  } finally {
    if (queue.get(member) === tail) queue.delete(member);
  }
}
