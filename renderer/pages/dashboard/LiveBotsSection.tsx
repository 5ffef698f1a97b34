/** 'Live BOTs': one card per live or paused bot, each leading to its Running Bot page. */
import { Card, Col, Empty, Row } from 'antd';
import type { LiveBot } from '../../../common/api/bots';
import { BOT_LABELS, TEXT } from '../../../common/messages';
import { routePath } from '../../../common/routes';
import { BotCard } from '../../components/bots/BotCard';
import { pairLabel } from '../../../common/pairs';

export function LiveBotsSection({ bots }: { bots: LiveBot[] }) {
  return (
    <Card title={BOT_LABELS.liveBots}>
      {bots.length === 0 ? (
        <Empty
          description={
            <>
              <div>{TEXT.noActiveBotTitle}</div>
              <div>{TEXT.noActiveBotBody}</div>
            </>
          }
        />
      ) : (
        <Row gutter={[16, 16]}>
          {bots.map((bot) => (
            <Col key={bot.id} xs={24} sm={12} lg={8} xxl={6}>
              <BotCard
                bot={bot}
                to={routePath('runningBot', { id: bot.id })}
                actionLabel={BOT_LABELS.openBot(pairLabel(bot.name))}
              />
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
