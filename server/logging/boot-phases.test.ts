import { describe, expect, it } from 'vitest';
import { bootPhases, bootPhasesLine } from './boot-phases';

describe('bootPhases', () => {
  it('splits the time since the process started at each mark, rounded to whole milliseconds', () => {
    const phases = bootPhases({ entered: 412.6, database: 1203.2, app: 1650, listening: 1702.4, ready: 1790.9 });
    expect(phases).toEqual({ imports: 413, database: 791, app: 447, listen: 52, engines: 89, total: 1791 });
  });

  it('reads as one log line', () => {
    expect(bootPhasesLine({ imports: 413, database: 791, app: 447, listen: 52, engines: 89, total: 1791 })).toBe(
      'started in 1791 ms (imports 413 ms, database 791 ms, app 447 ms, listen 52 ms, engines 89 ms)',
    );
  });
});
