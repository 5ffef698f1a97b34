import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listOutbox, OutboxMailer } from './outbox';
import { EARLIER_LINKS_DEAD, otpMail, resetLinks, resetMail } from './templates';

const longestLine = (text: string) => Math.max(...text.split('\n').map((l) => l.length));

describe('mail templates', () => {
  it('puts the OTP on a line of its own, every line under 76 characters', () => {
    const mail = otpMail('a@example.com', 'A'.repeat(20), '004217');
    expect(mail.text.split('\n')).toContain('004217');
    expect(longestLine(mail.text)).toBeLessThan(76);
  });

  it('links the app and, when APP_WEB_URL is set, the web preview', () => {
    const token = 'T'.repeat(32);
    expect(resetLinks(token, null)).toEqual([`griddesk://resetpassword/${token}`]);
    const links = resetLinks(token, 'http://127.0.0.1:5173');
    expect(links[1]).toBe(`http://127.0.0.1:5173/#/resetpassword/${token}`);
    const mail = resetMail('a@example.com', 'Alice', links);
    for (const link of links) expect(mail.text.split('\n')).toContain(link);
    expect(longestLine(mail.text)).toBeLessThan(76);
  });

  it('says that earlier links no longer work only when this one replaced a live link', () => {
    const links = resetLinks('T'.repeat(32), 'http://127.0.0.1:5173');
    const note = EARLIER_LINKS_DEAD;
    expect(resetMail('a@example.com', 'Alice', links).text).not.toContain(note);
    expect(resetMail('a@example.com', 'Alice', links, { replacesLiveLink: false }).text).not.toContain(note);
    const replacing = resetMail('a@example.com', 'Alice', links, { replacesLiveLink: true });
    expect(replacing.text.split('\n')).toContain(note);
    expect(replacing.text).not.toMatch(/\n\n\n/);
    expect(longestLine(replacing.text)).toBeLessThan(76);
  });
});

describe('outbox', () => {
  it('writes one JSON file per mail and lists them newest first', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'griddesk-outbox-'));
    const lines: string[] = [];
    const outbox = new OutboxMailer(dir, (l) => lines.push(l));
    await outbox.send({ to: 'a@example.com', subject: 'first', text: 'one' });
    await new Promise((r) => setTimeout(r, 5));
    await outbox.send({ to: 'b@example.com', subject: 'second', text: 'two' });
    const mails = await listOutbox(dir);
    expect(mails.map((m) => m.subject)).toEqual(['second', 'first']);
    expect(mails[0]).toMatchObject({ to: 'b@example.com', text: 'two' });
    expect(lines).toHaveLength(2);
    expect(await listOutbox(join(dir, 'missing'))).toEqual([]);
  });

  it('skips files that are not mail and files being written', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'griddesk-outbox-'));
    await new OutboxMailer(dir, () => {}).send({ to: 'a@example.com', subject: 'kept', text: 'x' });
    await writeFile(join(dir, 'outbox', 'not-a-mail.json'), JSON.stringify({ note: 'hello' }));
    await writeFile(join(dir, 'outbox', 'half-written.json'), '{"id": "m');
    expect((await listOutbox(dir)).map((m) => m.subject)).toEqual(['kept']);
  });
});
