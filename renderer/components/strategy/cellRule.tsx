import type { FormRule } from 'antd';
import { cellProblem, type CellField } from '../../../common/schemas/strategy';

/**
 * The rule of one strategy cell. The cell shows only the short words ('Required'): 28 cells
 * repeating 'Grid 3: Take Profit (%) 2nd condition (Down) is required.' buried the table (issue
 * 23). The full message is the span's title and the table's one summary (TableErrorSummary).
 */
export function cellRule(gridNo: number, field: CellField): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const problem = cellProblem(gridNo, field, value);
      // rc-field-form keeps a React element as the error; `rule.message` must stay unset.
      if (problem) throw <span title={problem.message}>{problem.short}</span>;
    },
  };
}
