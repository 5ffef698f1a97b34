/**
 * The block `npm start` (the browser preview) ends with: the few lines a person needs after the
 * build and the server's log, together and last. The launch link first (nothing works without
 * it), then how to sign in, where the mails go, and how to get test tokens on the local chain.
 */
import { DEMO_MEMBER } from './modules/demo/seed';

export interface StartBlockInput {
  /** The command that was run (`npm start`, `npm run preview`, `npm run dev`), named in the block. */
  command: string;
  /** `npm run dev`: the link stays the same across restarts instead of working once. */
  stableLink?: boolean;
  /** The one-time launch link (the preview answers 403 without it). */
  launchUrl: string;
  /** The platform server the preview talks to. */
  serverUrl: string;
  /** The mail outbox page, when this process owns the embedded server's outbox. */
  outboxUrl?: string | null;
  /** The local BEP-20 chain's JSON-RPC address, when the preview started one. */
  chainRpcUrl?: string | null;
  /** Whether the demo member exists here (embedded database, simulator mode: demoMemberAllowed). */
  demoLogin: boolean;
}

/** The block's lines, to print one by one after everything else the start printed. */
export function startBlock(input: StartBlockInput): string[] {
  const lines = [
    '',
    `GridDesk is ready (${input.command}).`,
    `  Open       ${input.launchUrl}`,
    input.stableLink
      ? '             (development: the same link after every restart, and that browser stays in; without it the preview answers 403)'
      : '             (works once and lets that browser in; without it the preview answers 403)',
  ];
  if (input.demoLogin)
    lines.push(
      `  Sign in    ${DEMO_MEMBER.email} / ${DEMO_MEMBER.password}  (or sign up with referral ID ${DEMO_MEMBER.referralCode})`,
    );
  if (input.outboxUrl) lines.push(`  Mail       ${input.outboxUrl}  (sign-up codes and reset links, in that browser)`);
  if (input.chainRpcUrl) {
    lines.push(
      `  Tokens     BSC_RPC_URL=${input.chainRpcUrl} npm run faucet -- <the 0x address on your Deposit screen> USDT 100`,
    );
  }
  lines.push(`  Server     ${input.serverUrl}  (API docs at ${input.serverUrl}/docs)`, '  Ctrl+C stops it.');
  return lines;
}
