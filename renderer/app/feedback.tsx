/**
 * The toasts every screen shows (antd's message, themed through the ConfigProvider above) and
 * the page's base styles, in place of antd's <App>. Why not <App>: it also sets up notification
 * and confirm-modal hooks for the whole tree, and with them antd's Modal, Skeleton and
 * notification list on the login route (about 11 KB of gzipped JavaScript), though no screen
 * uses notifications and the one that confirms with a modal holds its own (Modal.useModal).
 *
 * The message list itself (toastHolder.tsx) loads after the first screen is up, or at the first
 * toast if that comes sooner; toasts asked for before it arrives are shown, in order, when it does.
 */
import { ConfigProvider } from 'antd';
// <App>'s own style hook: the wrapper gets exactly <App>'s classes and styles (text colour and
// font, and antd's scoped reset, which colours plain links), so no screen looks different.
import useAppStyle from 'antd/es/app/style';
import { createContext, lazy, Suspense, use, useEffect, useState, type ReactNode } from 'react';
import type { AntdMessageApi } from './toastHolder';

type Kind = 'success' | 'error' | 'warning' | 'info';
type Toast = (content: ReactNode, duration?: number) => void;

/** The toasts a screen can show: antd's message kinds, each taking its text and an optional duration in seconds. */
export type MessageApi = Record<Kind, Toast>;

const ToastHolder = lazy(() => import('./toastHolder'));

const MessageContext = createContext<MessageApi | null>(null);

/** The toast API of the nearest FeedbackProvider (what antd's App hook gave as `message`). */
export function useMessage(): MessageApi {
  const api = use(MessageContext);
  if (!api) throw new Error('useMessage needs a FeedbackProvider above it (renderer/app/Providers.tsx)');
  return api;
}

/**
 * Toasts asked for before antd's message list is there wait here, in order; once it is, they go
 * straight to it. A plain object, kept for the provider's life: it is only read when a toast is
 * asked for, never while rendering.
 */
class Toasts {
  private list: AntdMessageApi | null = null;
  private readonly waiting: [Kind, ReactNode, number | undefined][] = [];

  constructor(private readonly wantList: () => void) {}

  readonly api: MessageApi = {
    success: (content, duration) => this.show('success', content, duration),
    error: (content, duration) => this.show('error', content, duration),
    warning: (content, duration) => this.show('warning', content, duration),
    info: (content, duration) => this.show('info', content, duration),
  };

  /** antd's message list is up: shows what waited. */
  readonly ready = (list: AntdMessageApi): void => {
    this.list = list;
    for (const [kind, content, duration] of this.waiting.splice(0)) void list[kind](content, duration);
  };

  private show(kind: Kind, content: ReactNode, duration: number | undefined): void {
    if (this.list) void this.list[kind](content, duration);
    else {
      this.waiting.push([kind, content, duration]);
      this.wantList();
    }
  }
}

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const [toasts] = useState(() => new Toasts(() => setWanted(true)));

  useEffect(() => {
    // Once the first screen is drawn and the renderer is idle, so the first toast shows at once.
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => setWanted(true));
    return () => cancel(handle);
  }, []);

  const { getPrefixCls, direction } = use(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  const className = [hashId, prefixCls, cssVarCls, direction === 'rtl' ? `${prefixCls}-rtl` : ''].filter(Boolean).join(' ');
  return (
    <MessageContext value={toasts.api}>
      <div className={className}>
        {wanted && (
          <Suspense fallback={null}>
            <ToastHolder onReady={toasts.ready} />
          </Suspense>
        )}
        {children}
      </div>
    </MessageContext>
  );
}
