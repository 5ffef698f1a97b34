/** What the cycles module runs on: what every runnable's module runs on (../runnables/deps.ts). */
export type { RunnableDeps as CyclesDeps } from '../runnables/deps';
