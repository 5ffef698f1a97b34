/**
 * The rows of a raw `db.execute`: node-postgres and PGlite answer {rows}, older drizzle drivers
 * an array. Every raw query reads its rows through this one helper.
 */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);
