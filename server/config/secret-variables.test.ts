import { describe, expect, it } from 'vitest';
import { REDACTED } from '../../common/redaction';
import { redactConfigValue } from './secret-variables';

describe('redactConfigValue', () => {
  it('redacts path keys of a connection URL whatever its scheme, and other values by the rules', () => {
    expect(redactConfigValue('BSC_RPC_URL', 'ftp://rpc.example.com/v3/0123456789abcdef0123456789abcdef')).toBe(
      `ftp://rpc.example.com/v3/${REDACTED}`,
    );
    expect(redactConfigValue('DATABASE_URL', 'mysql://user:s3cret-pass@db/griddesk')).not.toContain('s3cret-pass');
    expect(redactConfigValue('LOG_LEVEL', 'verbose')).toBe('verbose');
  });
});
