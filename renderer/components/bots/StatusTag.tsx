/** A bot's status (SPEC section 4): Live green, Pause yellow, anything else neutral. */
import { Tag } from 'antd';

const COLORS: Record<string, string> = { Live: 'green', Pause: 'gold' };

export function statusColor(status: string): string | undefined {
  return COLORS[status];
}

export function StatusTag({ status }: { status: string }) {
  return (
    <Tag color={statusColor(status)} className="bot-status">
      {status}
    </Tag>
  );
}
