/** 'Live Cycles': one card per live cycle, refreshed every 10 s, with the Edit and Stop dialogs. */
import { Card, Col, Row } from 'antd';
import { useState } from 'react';
import type { LiveCycle } from '../../../common/api/cycles';
import { CYCLE_LABELS } from '../../../common/messages';
import { EmptyState, LoadError, LoadingSkeleton, StaleNotice } from '../../components/states';
import { CycleCard } from './CycleCard';
import { EditCycleModal } from './EditCycleModal';
import { StopCycleModal } from './StopCycleModal';
import { useLiveCycles } from './useLiveCycles';

type Dialog = { kind: 'edit' | 'stop'; cycle: LiveCycle } | null;

export function LiveCycles() {
  const { cycles, loading, failed, staleSince, retry } = useLiveCycles();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  let body;
  if (failed) body = <LoadError compact onRetry={retry} />;
  else if (loading) body = <LoadingSkeleton shape="cards" count={2} label={CYCLE_LABELS.liveCycles} />;
  else if (cycles.length === 0) body = <EmptyState title={CYCLE_LABELS.noLiveCycles} />;
  else {
    body = (
      <Row gutter={[16, 16]}>
        {cycles.map((cycle) => (
          <Col key={cycle.id} xs={24} md={12} xxl={8}>
            <CycleCard
              cycle={cycle}
              onEdit={() => setDialog({ kind: 'edit', cycle })}
              onStop={() => setDialog({ kind: 'stop', cycle })}
            />
          </Col>
        ))}
      </Row>
    );
  }
  return (
    <Card title={CYCLE_LABELS.liveCycles}>
      {staleSince !== null && <StaleNotice updatedAt={staleSince} onRetry={retry} />}
      {body}
      {dialog?.kind === 'edit' && <EditCycleModal cycle={dialog.cycle} onClose={close} />}
      {dialog?.kind === 'stop' && <StopCycleModal cycle={dialog.cycle} onClose={close} />}
    </Card>
  );
}
