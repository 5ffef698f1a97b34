/**
 * Where a start-up's time went, logged once the server is ready ("started in ..."), so an
 * operator sees it in the log and bench:startup reads its breakdown from the same line. Each
 * phase ends at a mark taken with performance.now() (milliseconds since the process started).
 */

/** Marks in the order start.ts takes them. */
export interface BootMarks {
  /** startPlatformServer called: Node's own start and the entry's imports lie before it. */
  entered: number;
  /** The database open and migrated (the app's and the exchange's modules load meanwhile). */
  database: number;
  /** The app built (its modules loaded, routes registered), the exchange started. */
  app: number;
  /** Listening: the demo bot seeded on a first start, the port bound. */
  listening: number;
  /** The engines and the chain role started: startPlatformServer returns. */
  ready: number;
}

export type BootPhases = Record<'imports' | 'database' | 'app' | 'listen' | 'engines' | 'total', number>;

export function bootPhases(marks: BootMarks): BootPhases {
  const ms = (value: number) => Math.round(value);
  return {
    imports: ms(marks.entered),
    database: ms(marks.database - marks.entered),
    app: ms(marks.app - marks.database),
    listen: ms(marks.listening - marks.app),
    engines: ms(marks.ready - marks.listening),
    total: ms(marks.ready),
  };
}

export function bootPhasesLine(phases: BootPhases): string {
  return (
    `started in ${phases.total} ms (imports ${phases.imports} ms, database ${phases.database} ms, app ${phases.app} ms, ` +
    `listen ${phases.listen} ms, engines ${phases.engines} ms)`
  );
}
