/**
 * The answers the fake platform server is scripted to give, held to the response schemas of
 * common/ops: a test of main's handlers cannot pass against a success body the real server
 * would never send (a missing field, a number for a decimal string).
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { BILLING_SUCCESS_CODE } from '../../common/constants';
import { OPERATION_TABLES } from '../../common/ops/index';

const ajv = new Ajv({ allErrors: false, strict: false });

/** `METHOD /path` of each operation, a path parameter (`:token`) standing for one segment. */
const checks: { route: RegExp; check: ValidateFunction }[] = [];
for (const table of OPERATION_TABLES) {
  for (const spec of Object.values(table)) {
    const schema =
      spec.envelope === 'billing'
        ? {
            type: 'object',
            properties: { code: { const: BILLING_SUCCESS_CODE }, msg: { type: 'string' }, data: spec.response },
            required: ['code', 'msg'],
          }
        : spec.response;
    const route = new RegExp(`^${spec.method} ${spec.path.replace(/:\w+/g, '[^/]+')}$`);
    checks.push({ route, check: ajv.compile(schema) });
  }
}

/** Why a scripted 2xx answer to `METHOD /path?query` breaks its operation's schema, or null. */
export function replySchemaViolation(method: string, url: string, status: number, body: unknown): string | null {
  if (status < 200 || status >= 300) return null;
  const route = `${method} ${url.split('?')[0]}`;
  const check = checks.find((entry) => entry.route.test(route))?.check;
  if (!check || check(body)) return null;
  return `${method} ${url}: the scripted answer breaks the operation's response schema: ${ajv.errorsText(check.errors)}`;
}
