/** What the bots module runs on: what every runnable's module runs on (../runnables/deps.ts). */
export type { RunnableDeps as BotsDeps } from '../runnables/deps';
