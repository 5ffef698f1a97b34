import { describe, expect, it } from 'vitest';
import { npmEnvFrom } from './production-install';

const RUNNER = { PATH: '/bin', HOME: '/home/ci' };

describe('the environment of the scratch production install', () => {
  it('keeps the TLS trust and proxy settings npm needs to reach the registry', () => {
    const kept = {
      NODE_EXTRA_CA_CERTS: '/etc/ssl/certs/ca-certificates.crt',
      SSL_CERT_FILE: '/etc/ssl/cert.pem',
      HTTPS_PROXY: 'http://proxy:3128',
      npm_config_cache: '/cache/npm',
    };
    expect(npmEnvFrom({ ...RUNNER, ...kept })).toEqual({ ...RUNNER, ...kept });
  });

  it('drops what npm run says about the repository it runs in, and everything else', () => {
    const env = npmEnvFrom({
      ...RUNNER,
      npm_config_local_prefix: '/work/main',
      npm_package_name: 'griddesk',
      TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
    });
    expect(env).toEqual(RUNNER);
  });
});
