import type { OutboxMail } from '../../common/ipc/contract';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain page (no script, so the strict CSP holds) where a newcomer reads their OTP. */
export function outboxPage(mails: OutboxMail[]): string {
  const items = mails.length
    ? mails
        .map(
          (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">to ${escapeHtml(m.to)} &middot; ${escapeHtml(m.createdAt)}</p>
  <pre>${escapeHtml(m.text)}</pre>
</article>`,
        )
        .join('\n')
    : '<p>No mail yet. Sign up or ask for a password reset, then reload this page.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>GridDesk outbox</title>
<style>body{font:14px system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem}
article{border:1px solid #ccc;border-radius:6px;padding:0 1rem;margin:1rem 0}
.meta{color:#666}pre{white-space:pre-wrap;font-size:15px}</style></head>
<body><h1>GridDesk outbox</h1>
<p>Mail the platform server would have sent (SMTP_URL is not set), newest first.</p>
${items}
</body></html>`;
}
