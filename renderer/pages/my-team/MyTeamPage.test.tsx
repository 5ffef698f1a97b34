import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TeamLevel, TeamMember } from '../../../common/api/billing';
import { ACCOUNT_LABELS, BOT_LABELS, STATE_LABELS, TEXT } from '../../../common/messages';
import { NUMERIC_CELL } from '../../components/states';
import { emptyPage, pageOf, tableRows } from '../../components/billing/testing/fixtures';
import { SIGNED_IN, deferred, fail, installFakeBridge, ok, type FakeBridge } from '../../testing/fakeBridge';
import { renderApp } from '../../testing/renderApp';
import { expectConsoleErrors } from '../../testing/console';

const levels: TeamLevel[] = [
  { level: 1, reward: '5', members: 12, totalSubscription: '480' },
  { level: 2, reward: '2.5', members: 1, totalSubscription: '40.5' },
];
const member =
  (level: number) =>
  (n: number): TeamMember => ({
    name: `L${level}-m${n}`,
    sponserName: level === 1 ? 'me' : 'L1-m1',
    totalSubscription: '40',
    totalIncome: '2',
    isActive: n % 2 === 1,
  });

function open(list: TeamLevel[] = levels): FakeBridge {
  const bridge = installFakeBridge(SIGNED_IN);
  bridge.handle('billing:teamLevels', () => ok(list));
  bridge.handle('billing:teamMembers', ({ level, page }) =>
    ok(level === 1 ? pageOf(member(1), page, 2) : pageOf(member(2), 1, 1, 4)),
  );
  renderApp('/my-team');
  return bridge;
}

const levelCard = (level: number) => screen.findByRole('button', { name: ACCOUNT_LABELS.level(level) });

describe('my team', () => {
  it('shows a card per level with its reward, members and total subscription', async () => {
    open();
    const card = await levelCard(2);
    expect(within(card).getByText('2.5%')).toBeTruthy();
    expect(within(card).getByText('1')).toBeTruthy();
    expect(within(card).getByText('$40.50')).toBeTruthy();
    expect(within(await levelCard(1)).getByText('$480.00')).toBeTruthy();
  });

  it('lists the members of level 1 first, 10 a page, with Active and In-Active', async () => {
    const bridge = open();
    await waitFor(() => expect(tableRows(ACCOUNT_LABELS.levelMembers(1))).toHaveLength(10));
    expect(tableRows(ACCOUNT_LABELS.levelMembers(1))[0]).toEqual([
      '1',
      'L1-m1',
      'me',
      '$40.00',
      '$2.00',
      ACCOUNT_LABELS.statusActive,
    ]);
    expect(tableRows(ACCOUNT_LABELS.levelMembers(1))[1]?.[5]).toBe(ACCOUNT_LABELS.statusInactive);
    fireEvent.click(screen.getByRole('button', { name: BOT_LABELS.next }));
    await waitFor(() => expect(tableRows(ACCOUNT_LABELS.levelMembers(1))[0]?.[0]).toBe('11'));
    expect(bridge.callsTo('billing:teamMembers')).toEqual([
      { level: 1, page: 1 },
      { level: 1, page: 2 },
    ]);
  });

  it('switches the member table to the level chosen, from its first page', async () => {
    const bridge = open();
    await waitFor(() => expect(tableRows(ACCOUNT_LABELS.levelMembers(1))).toHaveLength(10));
    fireEvent.click(await levelCard(2));
    await waitFor(() => expect(tableRows(ACCOUNT_LABELS.levelMembers(2))).toHaveLength(1));
    expect(tableRows(ACCOUNT_LABELS.levelMembers(2))[0]?.slice(0, 3)).toEqual(['1', 'L2-m1', 'L1-m1']);
    expect((await levelCard(2)).getAttribute('aria-pressed')).toBe('true');
    expect(bridge.callsTo('billing:teamMembers').at(-1)).toEqual({ level: 2, page: 1 });
    expect(screen.queryByRole('navigation', { name: BOT_LABELS.pagination })).toBeNull();
  });

  it('says there is no team yet for an empty answer', async () => {
    const bridge = open([]);
    expect(await screen.findByText(ACCOUNT_LABELS.noTeam)).toBeTruthy();
    expect(bridge.callsTo('billing:teamMembers')).toEqual([]);
  });

  it('says the team could not be loaded (not that there is none), and Retry reads it again', async () => {
    const errors = expectConsoleErrors();
    const bridge = open();
    bridge.handle('billing:teamLevels', () => fail(500, 'down'));
    expect(await screen.findByText(STATE_LABELS.loadFailed)).toBeTruthy();
    expect(screen.queryByText(ACCOUNT_LABELS.noTeam)).toBeNull();
    expect(errors).toHaveBeenCalled();
    bridge.handle('billing:teamLevels', () => ok(levels));
    fireEvent.click(screen.getByRole('button', { name: STATE_LABELS.retry }));
    expect(await levelCard(1)).toBeTruthy();
    expect(screen.queryByText(STATE_LABELS.loadFailed)).toBeNull();
  });

  it('shows a skeleton of level cards while loading, not an empty team', async () => {
    const bridge = open();
    const pending = deferred<ReturnType<typeof ok<TeamLevel[]>>>();
    bridge.handle('billing:teamLevels', () => pending.promise);
    expect(await screen.findByRole('status', { name: TEXT.loading })).toBeTruthy();
    expect(screen.queryByText(ACCOUNT_LABELS.noTeam)).toBeNull();
    pending.resolve(ok(levels));
    expect(await levelCard(1)).toBeTruthy();
    expect(screen.queryByRole('status', { name: TEXT.loading })).toBeNull();
  });

  it('keeps dollar figures on one line, right-aligned, with the first columns fixed', async () => {
    open();
    const card = await levelCard(1);
    const dollars = within(card).getByText('$480.00').closest<HTMLElement>('.ant-typography')!;
    expect(dollars.style.whiteSpace).toBe('nowrap');
    await waitFor(() => expect(tableRows(ACCOUNT_LABELS.levelMembers(1)).length).toBeGreaterThan(0));
    const table = screen.getByRole('table', { name: ACCOUNT_LABELS.levelMembers(1) });
    const cells = [...table.querySelectorAll<HTMLElement>('tbody tr.ant-table-row')][0]!.querySelectorAll<HTMLElement>('td');
    expect(cells[0]!.className).toMatch(/ant-table-cell-fix/);
    expect(cells[1]!.className).toMatch(/ant-table-cell-fix/);
    expect(cells[3]!.style.whiteSpace).toBe('nowrap');
    expect(cells[3]!.className).toContain(NUMERIC_CELL);
  });

  it("says 'No Records Found.' for a level without members", async () => {
    const bridge = installFakeBridge(SIGNED_IN);
    bridge.handle('billing:teamLevels', () => ok([{ level: 1, reward: '5', members: 0, totalSubscription: '0' }]));
    bridge.handle('billing:teamMembers', () => ok(emptyPage()));
    renderApp('/my-team');
    expect(await screen.findByText(TEXT.noRecords)).toBeTruthy();
  });
});
