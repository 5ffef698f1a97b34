/**
 * The one summary above the strategy table (issue 23): the full message of the first cell in
 * error, and how many more are. Read from the form's fields as antd reports them, so it names
 * exactly the cells that are outlined in red.
 */
import { VALIDATION } from '../../../common/messages';
import { CELL_FIELDS, cellProblem, type CellField, type CellProblem } from '../../../common/schemas/strategy';

/** What antd's onFieldsChange reports of a field (the parts read here). */
export interface FieldState {
  name: unknown;
  errors?: readonly unknown[];
  value?: unknown;
}

function tableCell(name: unknown): { index: number; field: CellField } | null {
  if (!Array.isArray(name) || name.length !== 3 || name[0] !== 'tableData') return null;
  const [, index, field] = name as [string, unknown, unknown];
  if (typeof index !== 'number' || !CELL_FIELDS.includes(field as CellField)) return null;
  return { index, field: field as CellField };
}

/** Grid by grid, then column by column, as the member reads the table. */
const byPlace = (a: CellProblem, b: CellProblem) =>
  a.gridNo - b.gridNo || CELL_FIELDS.indexOf(a.field) - CELL_FIELDS.indexOf(b.field);

/** The summary of the cells shown in error, or null when none is. */
export function tableErrorSummary(fields: readonly FieldState[]): string | null {
  const problems: CellProblem[] = [];
  for (const field of fields) {
    const cell = tableCell(field.name);
    if (!cell || !field.errors?.length) continue;
    const problem = cellProblem(cell.index + 1, cell.field, field.value);
    if (problem) problems.push(problem);
  }
  const [first] = problems.sort(byPlace);
  return first ? VALIDATION.tableSummary(first.message, problems.length - 1) : null;
}
