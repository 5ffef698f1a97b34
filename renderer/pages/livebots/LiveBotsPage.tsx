/**
 * Copy BOTs / Top Performing Bots (SPEC section 2, /livebots): every member's top live bots,
 * anonymised; clicking one opens the Start New Bot dialog to copy it.
 */
import { useQuery } from '@tanstack/react-query';
import { Col, Row } from 'antd';
import { useState } from 'react';
import type { LiveBot } from '../../../common/api/bots';
import { BOT_LABELS, TEXT } from '../../../common/messages';
import { SCREEN_TITLES } from '../../../common/routes';
import { BOT_KEYS } from '../../api/bots';
import { api } from '../../api/client';
import { PageTitle } from '../../components/PageTitle';
import { BotCard } from '../../components/bots/BotCard';
import { pairLabel } from '../../../common/pairs';
import { EmptyState, LoadingSkeleton, QueryState } from '../../components/states';
import { StartLiveBotModal } from './StartLiveBotModal';

async function fetchLiveBots(): Promise<LiveBot[]> {
  try {
    return await api.bots.live();
  } catch (error) {
    // Logged, then said on the page with Retry: a blank page told the member nothing.
    console.error('Copy BOTs: livebotdata failed', error);
    throw error;
  }
}

export default function LiveBotsPage() {
  const list = useQuery({ queryKey: BOT_KEYS.live, queryFn: fetchLiveBots });
  const [copying, setCopying] = useState<LiveBot | null>(null);

  return (
    <>
      <PageTitle title={SCREEN_TITLES.liveBots} />
      <QueryState
        query={list}
        skeleton={<LoadingSkeleton shape="cards" count={4} label={TEXT.loading} />}
        isEmpty={(bots) => bots.length === 0}
        empty={<EmptyState title={BOT_LABELS.noLiveBots} />}
      >
        {(bots) => (
          <Row gutter={[16, 16]}>
            {bots.map((bot) => (
              <Col key={bot.id} xs={24} sm={12} lg={8} xxl={6}>
                <BotCard bot={bot} onClick={() => setCopying(bot)} actionLabel={BOT_LABELS.copyBot(pairLabel(bot.name))} />
              </Col>
            ))}
          </Row>
        )}
      </QueryState>
      {copying && <StartLiveBotModal key={copying.id} bot={copying} onClose={() => setCopying(null)} />}
    </>
  );
}
