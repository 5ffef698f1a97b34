/** Running Bot header (SPEC section 2): pair, category, leverage, strategy, live price, status. */
import { Card, Space, Tag, Typography } from 'antd';
import type { BotInfo } from '../../../common/api/bots';
import { BOT_LABELS } from '../../../common/messages';
import { StatusTag } from '../../components/bots/StatusTag';
import { pairLabel } from '../../../common/pairs';
import { formatPrice } from '../../../common/format';

export function BotHeader({ bot }: { bot: BotInfo }) {
  return (
    <Card>
      <Space wrap size="middle" align="center" style={{ justifyContent: 'space-between', width: '100%' }}>
        <Space wrap align="center">
          <Typography.Title level={3} style={{ margin: 0 }}>
            {pairLabel(bot.name)}
          </Typography.Title>
          <Tag>{bot.category}</Tag>
          {bot.category === 'Future' && bot.leverage !== null && (
            <Tag color="blue">{BOT_LABELS.leverageOption(bot.leverage)}</Tag>
          )}
          <Typography.Text type="secondary">
            {BOT_LABELS.strategy}: {bot.strategy_name}
          </Typography.Text>
        </Space>
        <Space align="center">
          <Typography.Text style={{ whiteSpace: 'nowrap' }}>
            {BOT_LABELS.livePrice}: <strong className="bot-live-price">{formatPrice(bot.liveprice, bot.tickSize)}</strong>
          </Typography.Text>
          <StatusTag status={bot.status} />
        </Space>
      </Space>
    </Card>
  );
}
