/** Copies a text to the clipboard and confirms it with a SPEC section 8 message. */
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import { Button } from 'antd';
import { useMessage } from '../../app/feedback';

/** The Clipboard API, or the selection-copy fallback where it is refused (no focus, no permission). */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const copied = document.execCommand?.('copy') ?? false;
    area.remove();
    if (!copied) throw new Error('The clipboard is not available.');
  }
}

interface Props {
  text: string;
  /** The confirmation, e.g. 'Address copied successfully!'. */
  done: string;
  /** The button's accessible name. */
  label: string;
}

export function CopyButton({ text, done, label }: Props) {
  const message = useMessage();
  const copy = () =>
    copyText(text).then(
      () => message.success(done),
      (error: unknown) => console.error('Copy failed', error),
    );
  return <Button icon={<CopyOutlined />} aria-label={label} title={label} onClick={() => void copy()} />;
}
