/** 'APY' with the SPEC tooltip: an estimate if the bot kept its current efficiency, not a promise. */
import InfoCircleOutlined from '@ant-design/icons/InfoCircleOutlined';
import { Tooltip } from 'antd';
import { BOT_LABELS } from '../../../common/messages';

export function ApyLabel() {
  return (
    <Tooltip title={BOT_LABELS.apyTooltip}>
      <span className="apy-label">
        {BOT_LABELS.apy} <InfoCircleOutlined aria-label={BOT_LABELS.apyTooltip} />
      </span>
    </Tooltip>
  );
}
