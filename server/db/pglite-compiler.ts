/**
 * How V8 compiles PGlite (PostgreSQL built to WebAssembly): with its baseline compiler only.
 *
 * By default V8 compiles wasm with Liftoff, then recompiles the hot functions with TurboFan on
 * background threads. For PostgreSQL's 9 MB module that tier-up keeps tens of megabytes of
 * compiler memory and optimised code resident for the process's life, and competes with boot for
 * the two cores of a small machine. Measured with `npm run bench:startup` (Node 20, 2 cores):
 * RSS after a first boot 315 -> 237 MB and after a warm one 253 -> 206 MB; first boot 1.72 ->
 * 1.17 s, warm 0.93 -> 0.78 s. What it costs: a heavy aggregate over a few thousand rows runs
 * about 1.6x slower; the small statements the app and the engine issue run alike (bench:login
 * 90-92 -> 94-97 logins/s, p99 879-907 -> 807-828 ms).
 *
 * The flag is process-wide and is read when a module is compiled, so it is set before PGlite's
 * first instance; PGlite is the process's only WebAssembly (argon2 is native). With PostgreSQL
 * (DATABASE_URL) nothing is compiled and nothing is set.
 */
import { setFlagsFromString } from 'node:v8';

export const BASELINE_ONLY_FLAG = '--liftoff-only';

let set = false;

export function compileWasmWithBaselineOnly(): void {
  if (set) return;
  set = true;
  setFlagsFromString(BASELINE_ONLY_FLAG);
}
