/**
 * Copy BOTs / Top Performing Bots (SPEC section 2, /livebots): every member's top live bots,
 * anonymised; clicking one opens the Start New Bot dialog to copy it.
 */
import { useQuery } from '@tanstack/react-query';
import { Col, Empty, Row, Spin } from 'antd';
import { useState } from 'react';
import type { LiveBot } from '../../../common/api/bots';
import { BOT_LABELS, TEXT } from '../../../common/messages';
import { SCREEN_TITLES } from '../../../common/routes';
import { BOT_KEYS, botsApi } from '../../api/bots';
import { PageTitle } from '../../components/PageTitle';
import { BotCard } from '../../components/bots/BotCard';
import { pairLabel } from '../../../common/pairs';
import { StartLiveBotModal } from './StartLiveBotModal';

async function fetchLiveBots(): Promise<LiveBot[] | null> {
  try {
    return await botsApi.live();
  } catch (error) {
    // SPEC section 8: fetch failures are only logged.
    console.error('Copy BOTs: livebotdata failed', error);
    return null;
  }
}

export default function LiveBotsPage() {
  const list = useQuery({ queryKey: BOT_KEYS.live, queryFn: fetchLiveBots });
  const [copying, setCopying] = useState<LiveBot | null>(null);

  let body = null;
  if (list.isPending) {
    body = <Spin size="large" className="full-page-spin" aria-label={TEXT.loading} />;
  } else if (list.data && list.data.length === 0) {
    body = <Empty description={BOT_LABELS.noLiveBots} />;
  } else if (list.data) {
    body = (
      <Row gutter={[16, 16]}>
        {list.data.map((bot) => (
          <Col key={bot.id} xs={24} sm={12} lg={8} xxl={6}>
            <BotCard bot={bot} onClick={() => setCopying(bot)} actionLabel={BOT_LABELS.copyBot(pairLabel(bot.name))} />
          </Col>
        ))}
      </Row>
    );
  }
  return (
    <>
      <PageTitle title={SCREEN_TITLES.liveBots} />
      {body}
      {copying && <StartLiveBotModal key={copying.id} bot={copying} onClose={() => setCopying(null)} />}
    </>
  );
}
