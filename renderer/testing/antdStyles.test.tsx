import { render, screen } from '@testing-library/react';
import { Button, ConfigProvider } from 'antd';
import { describe, expect, it } from 'vitest';
import { antdStyleContainer } from './antdStyles';

// Guards the renderer tests' speed: an antd or cssinjs upgrade that inserted its styles another
// way would bring the slow getComputedStyle back without failing any other test.
describe('antd styles in renderer tests', () => {
  it('are written outside the document, where getComputedStyle does not read them', () => {
    render(
      <ConfigProvider theme={{ token: { colorPrimary: '#123456' } }}>
        <Button type="primary">Save</Button>
      </ConfigProvider>,
    );

    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(document.querySelectorAll('style')).toHaveLength(0);
    expect(antdStyleContainer.querySelectorAll('style[data-css-hash]').length).toBeGreaterThan(0);
    expect(antdStyleContainer.textContent).toContain('.ant-btn');
  });

  it('leave the head\u2019s other children where the page puts them', () => {
    const link = document.createElement('link');
    document.head.appendChild(link);
    const meta = document.head.insertBefore(document.createElement('meta'), link);

    expect([...document.head.children].slice(-2)).toEqual([meta, link]);
    document.head.removeChild(meta);
    document.head.removeChild(link);
    expect(document.head.contains(link)).toBe(false);
  });
});
