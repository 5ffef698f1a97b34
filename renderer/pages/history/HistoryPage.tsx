/**
 * Bot history (SPEC section 2, History): Multigrid and Cycle tabs; the scalping pane exists but
 * has no tab (Scalping Grid is coming soon). A help link with a tooltip explains the figures.
 * `?tab=cycle` opens the Cycle tab (a notification about a cycle links there); the tab shown
 * is kept in the address so going back returns to it.
 */
import QuestionCircleOutlined from '@ant-design/icons/QuestionCircleOutlined';
import { Card, Popover, Tabs, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BOT_LABELS } from '../../../common/messages';
import { HISTORY_TABS, HISTORY_TAB_PARAM, SCREEN_TITLES, type HistoryTab } from '../../../common/routes';
import { PageTitle } from '../../components/PageTitle';
import { CycleHistoryTable } from './CycleHistoryTable';
import { HistoryTable } from './HistoryTable';

interface Pane {
  key: HistoryTab | 'scalp';
  label: string;
  /** False keeps the pane without a tab (SPEC: a scalping pane exists without a tab). */
  tab: boolean;
  content: () => ReactNode;
}

export const HISTORY_PANES: readonly Pane[] = [
  { key: 'multigrid', label: BOT_LABELS.historyMultigrid, tab: true, content: () => <HistoryTable kind="multigrid" /> },
  { key: 'cycle', label: BOT_LABELS.historyCycle, tab: true, content: () => <CycleHistoryTable /> },
  { key: 'scalp', label: BOT_LABELS.historyScalping, tab: false, content: () => <HistoryTable kind="scalp" /> },
];

const isTab = (value: string | null): value is HistoryTab => HISTORY_TABS.some((tab) => tab === value);

function HelpLink() {
  return (
    <Popover content={<div style={{ maxWidth: 320 }}>{BOT_LABELS.historyHelpTooltip}</div>} trigger={['hover', 'click']}>
      <Typography.Link>
        <QuestionCircleOutlined /> {BOT_LABELS.historyHelp}
      </Typography.Link>
    </Popover>
  );
}

export default function HistoryPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get(HISTORY_TAB_PARAM);
  const active: HistoryTab = isTab(requested) ? requested : 'multigrid';
  const items = HISTORY_PANES.filter((pane) => pane.tab).map((pane) => ({
    key: pane.key,
    label: pane.label,
    children: pane.content(),
  }));
  return (
    <>
      <PageTitle title={SCREEN_TITLES.history} />
      <Card>
        <Tabs
          activeKey={active}
          onChange={(key) => setParams({ [HISTORY_TAB_PARAM]: key }, { replace: true })}
          items={items}
          destroyOnHidden
          tabBarExtraContent={<HelpLink />}
        />
      </Card>
    </>
  );
}
