/**
 * Crash points for the fault tests: at each the engine can be made to die as a kill -9 would,
 * leaving the database exactly as it was at that instant (see Engine.kill).
 */
export type CrashPoint = 'afterIntent' | 'afterSend' | 'afterFill';

export interface EngineFaults {
  /** Return true to kill the engine at this point, for this order. */
  crashAt?: (point: CrashPoint, clientOrderId: string) => boolean;
}

/** Thrown through the engine once it is killed: nothing after it may touch the database. */
export class EngineKilled extends Error {
  override name = 'EngineKilled';
}
