/**
 * The toasts every screen shows (antd's message, themed through the ConfigProvider above) and
 * the page's base styles, in place of antd's <App>. Why not <App>: it also sets up notification
 * and confirm-modal hooks for the whole tree, and with them antd's Modal, Skeleton and
 * notification list on the login route (about 11 KB of gzipped JavaScript), though no screen
 * uses notifications and the one that confirms with a modal holds its own (Modal.useModal).
 */
import { ConfigProvider, message } from 'antd';
// <App>'s own style hook: the wrapper gets exactly <App>'s classes and styles (text colour and
// font, and antd's scoped reset, which colours plain links), so no screen looks different.
import useAppStyle from 'antd/es/app/style';
import { createContext, use, type ReactNode } from 'react';

export type MessageApi = ReturnType<typeof message.useMessage>[0];

const MessageContext = createContext<MessageApi | null>(null);

/** The toast API of the nearest FeedbackProvider (what antd's App hook gave as `message`). */
export function useMessage(): MessageApi {
  const api = use(MessageContext);
  if (!api) throw new Error('useMessage needs a FeedbackProvider above it (renderer/app/Providers.tsx)');
  return api;
}

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [api, holder] = message.useMessage();
  const { getPrefixCls, direction } = use(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  const className = [hashId, prefixCls, cssVarCls, direction === 'rtl' ? `${prefixCls}-rtl` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <MessageContext value={api}>
      <div className={className}>
        {holder}
        {children}
      </div>
    </MessageContext>
  );
}
