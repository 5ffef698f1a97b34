/**
 * antd's message list, loaded on its own (feedback.tsx imports this module lazily): the first
 * screen draws without antd's message, notification and motion code, about 10 KB of gzipped
 * JavaScript the login route does not need before the member can type.
 */
import { message } from 'antd';
import { useEffect } from 'react';

export type AntdMessageApi = ReturnType<typeof message.useMessage>[0];

/** Renders the toasts and hands their API up once it exists. */
export default function ToastHolder({ onReady }: { onReady: (api: AntdMessageApi) => void }) {
  const [api, holder] = message.useMessage();
  useEffect(() => onReady(api), [api, onReady]);
  return holder;
}
