import { fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeBridge } from '../testing/fakeBridge';
import { useMessage } from './feedback';
import { createQueryClient, Providers } from './Providers';

function SaveButton() {
  const message = useMessage();
  return (
    <button type="button" onClick={() => void message.success('Saved.')}>
      Save
    </button>
  );
}

describe('feedback', () => {
  it('shows a toast from any screen under the providers', async () => {
    installFakeBridge();
    render(
      <Providers client={createQueryClient()}>
        <SaveButton />
      </Providers>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
  });

  it('shows, in order, the toasts asked for before the message list has loaded', async () => {
    installFakeBridge();
    function ToastsAtMount() {
      const message = useMessage();
      useEffect(() => {
        message.error('First.');
        message.warning('Second.');
      }, [message]);
      return null;
    }
    render(
      <Providers client={createQueryClient()}>
        <ToastsAtMount />
      </Providers>,
    );
    const second = await screen.findByText('Second.');
    const first = screen.getByText('First.');
    expect(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('wraps the screens in antd’s App root, whose styles give plain text and links the theme', () => {
    installFakeBridge();
    render(
      <Providers client={createQueryClient()}>
        <p>plain text</p>
      </Providers>,
    );
    const root = screen.getByText('plain text').parentElement as HTMLElement;
    expect(root.classList.contains('ant-app')).toBe(true);
    expect([...root.classList].some((name) => name.startsWith('css-'))).toBe(true);
  });

  it('says where the provider belongs when a screen renders without it', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<SaveButton />)).toThrow(/FeedbackProvider/);
    quiet.mockRestore();
  });
});
