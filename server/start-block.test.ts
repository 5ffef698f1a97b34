import { describe, expect, it } from 'vitest';
import { DEMO_MEMBER } from './modules/demo/seed';
import { startBlock } from './start-block';

const launchUrl = 'http://127.0.0.1:5173/?launch=abc123';
const serverUrl = 'http://127.0.0.1:8080';

describe('startBlock', () => {
  it('lists the launch link, the demo login, the outbox, the faucet command and the server', () => {
    const lines = startBlock({
      command: 'npm start',
      launchUrl,
      serverUrl,
      outboxUrl: 'http://127.0.0.1:5173/__griddesk/outbox',
      chainRpcUrl: 'http://127.0.0.1:8545',
      demoLogin: true,
    });
    expect(lines).toEqual([
      '',
      'GridDesk is ready (npm start).',
      `  Open       ${launchUrl}`,
      '             (works once and lets that browser in; without it the preview answers 403)',
      `  Sign in    ${DEMO_MEMBER.email} / ${DEMO_MEMBER.password}  (or sign up with referral ID ${DEMO_MEMBER.referralCode})`,
      '  Mail       http://127.0.0.1:5173/__griddesk/outbox  (sign-up codes and reset links, in that browser)',
      '  Tokens     BSC_RPC_URL=http://127.0.0.1:8545 npm run faucet -- <the 0x address on your Deposit screen> USDT 100',
      `  Server     ${serverUrl}  (API docs at ${serverUrl}/docs)`,
      '  Ctrl+C stops it.',
    ]);
  });

  it('leaves out what this start does not have: no demo member, outbox or local chain (a remote server)', () => {
    const text = startBlock({
      command: 'npm run preview',
      launchUrl,
      serverUrl: 'https://griddesk.example',
      demoLogin: false,
    }).join('\n');
    expect(text).toContain(launchUrl);
    expect(text).not.toMatch(/Sign in|Mail|Tokens/);
    expect(text).not.toContain(DEMO_MEMBER.password);
  });

  it('names the command that was run, and says when the link is the development one that stays', () => {
    expect(startBlock({ command: 'npm run preview', launchUrl, serverUrl, demoLogin: false })[1]).toBe(
      'GridDesk is ready (npm run preview).',
    );
    const dev = startBlock({ command: 'npm run dev', stableLink: true, launchUrl, serverUrl, demoLogin: false });
    expect(dev[1]).toBe('GridDesk is ready (npm run dev).');
    expect(dev[3]).toMatch(/same link after every restart/);
  });
});
