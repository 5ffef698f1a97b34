/** What the cycles module runs on: the same as the bots module (database, exchange services, clock, notifications). */
export type { BotsDeps as CyclesDeps } from '../bots/deps';
