/** One card per referral level; the selected level's members are listed below. */
import { Card, Col, Row, Typography } from 'antd';
import type { TeamLevel } from '../../../common/api/billing';
import { ACCOUNT_LABELS } from '../../../common/messages';
import { formatUsdtOrZero } from '../../../common/format';

interface Props {
  levels: TeamLevel[];
  selected: number | null;
  onSelect: (level: number) => void;
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      {/* A figure never breaks across lines ('$0.00' on two lines read as two values). */}
      <Typography.Text strong style={{ whiteSpace: 'nowrap', textAlign: 'right' }}>
        {value}
      </Typography.Text>
    </div>
  );
}

export function LevelCards({ levels, selected, onSelect }: Props) {
  return (
    <Row gutter={[16, 16]}>
      {levels.map((level) => (
        <Col key={level.level} xs={24} sm={12} lg={6}>
          <Card
            hoverable
            role="button"
            aria-pressed={level.level === selected}
            aria-label={ACCOUNT_LABELS.level(level.level)}
            tabIndex={0}
            onClick={() => onSelect(level.level)}
            onKeyDown={(event) => (event.key === 'Enter' || event.key === ' ') && onSelect(level.level)}
            style={level.level === selected ? { borderColor: '#1677ff' } : undefined}
            title={ACCOUNT_LABELS.level(level.level)}
          >
            <Line label={ACCOUNT_LABELS.reward} value={`${level.reward}%`} />
            <Line label={ACCOUNT_LABELS.members} value={String(level.members)} />
            <Line label={ACCOUNT_LABELS.totalSubscription} value={`$${formatUsdtOrZero(level.totalSubscription)}`} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
