/**
 * Bot history (SPEC section 2, History): Multigrid and Cycle tabs; the scalping pane exists but
 * has no tab (Scalping Grid is coming soon). A help link with a tooltip explains the figures.
 */
import QuestionCircleOutlined from '@ant-design/icons/QuestionCircleOutlined';
import { Card, Popover, Tabs, Typography } from 'antd';
import { BOT_LABELS } from '../../../common/messages';
import { SCREEN_TITLES } from '../../../common/routes';
import { PageTitle } from '../../components/PageTitle';
import { HistoryTable, type HistoryKind } from './HistoryTable';

interface Pane {
  kind: HistoryKind;
  label: string;
  /** False keeps the pane without a tab (SPEC: a scalping pane exists without a tab). */
  tab: boolean;
}

export const HISTORY_PANES: readonly Pane[] = [
  { kind: 'multigrid', label: BOT_LABELS.historyMultigrid, tab: true },
  { kind: 'cycle', label: BOT_LABELS.historyCycle, tab: true },
  { kind: 'scalp', label: BOT_LABELS.historyScalping, tab: false },
];

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
  const items = HISTORY_PANES.filter((pane) => pane.tab).map((pane) => ({
    key: pane.kind,
    label: pane.label,
    children: <HistoryTable kind={pane.kind} />,
  }));
  return (
    <>
      <PageTitle title={SCREEN_TITLES.history} />
      <Card>
        <Tabs defaultActiveKey="multigrid" items={items} destroyOnHidden tabBarExtraContent={<HelpLink />} />
      </Card>
    </>
  );
}
