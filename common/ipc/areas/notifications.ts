/** Channels main answers locally: which kinds of native notification the member muted. */
import * as yup from 'yup';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../notifications';
import { emptyPayload as empty, type Empty, type PayloadSchemas } from './shared';

export interface NotificationSettings {
  /** Kinds main does not show, in NOTIFICATION_KINDS order. */
  muted: NotificationKind[];
}

export interface NotificationsChannels {
  'notifications:settings': { payload: Empty; result: NotificationSettings };
  'notifications:setMuted': {
    payload: { kind: NotificationKind; muted: boolean };
    result: NotificationSettings;
  };
}

export const notificationsPayloadSchemas: PayloadSchemas<NotificationsChannels> = {
  'notifications:settings': empty,
  'notifications:setMuted': yup
    .object({
      kind: yup
        .mixed<NotificationKind>()
        .oneOf([...NOTIFICATION_KINDS])
        .defined(),
      muted: yup.boolean().strict().defined(),
    })
    .noUnknown(true),
};
