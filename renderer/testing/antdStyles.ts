/**
 * antd's CSS-in-JS styles kept out of the jsdom document (installed once by setup.ts).
 *
 * Why: antd 6 (@ant-design/cssinjs) writes each component's CSS into document.head as <style>
 * tags, about 64 tags and 509 KB of CSS on a page. jsdom's getComputedStyle walks every rule of
 * every sheet in the document, and testing-library's role queries call it for each candidate
 * element to leave out inaccessible ones: about 20 ms a call, 5.2 s for one
 * queryAllByRole('textbox'), minutes for a page's test file. The tests assert roles, text, classes
 * and inline styles, never antd's stylesheet, so its tags go to an element outside the document,
 * where jsdom neither parses nor matches them.
 *
 * Every such tag is inserted by @rc-component/util's dynamicCSS (updateCSS), which marks it with
 * `data-rc-order` before inserting it. dynamicCSS already supports a head whose appendChild puts
 * the tag elsewhere (written for micro-frontend hosts): it looks its tags up in the parent the
 * tag really landed in, so cssinjs still finds, updates and removes its own tags there.
 */
const DYNAMIC_CSS_MARK = 'data-rc-order';

/** Where antd's style tags go instead of document.head; never attached to the document. */
export const antdStyleContainer = document.createElement('div');

const isDynamicStyle = (node: Node): node is HTMLStyleElement =>
  node instanceof HTMLStyleElement && node.hasAttribute(DYNAMIC_CSS_MARK);

export function keepAntdStylesOutOfDocument(head: HTMLHeadElement = document.head): void {
  const { appendChild, insertBefore, removeChild } = head;
  head.appendChild = function <T extends Node>(this: HTMLHeadElement, node: T): T {
    return isDynamicStyle(node) ? antdStyleContainer.appendChild(node) : (appendChild.call(this, node) as T);
  };
  head.insertBefore = function <T extends Node>(this: HTMLHeadElement, node: T, child: Node | null): T {
    if (!isDynamicStyle(node)) return insertBefore.call(this, node, child) as T;
    // dynamicCSS prepends before head's first child, which is not in the container.
    return antdStyleContainer.insertBefore(
      node,
      child?.parentNode === antdStyleContainer ? child : antdStyleContainer.firstChild,
    );
  };
  // dynamicCSS removes through head: a placeholder it probes with on each insert (the container
  // is outside the document, so it probes again every time) and the tags of a removed style.
  head.removeChild = function <T extends Node>(this: HTMLHeadElement, node: T): T {
    return node.parentNode === antdStyleContainer ? antdStyleContainer.removeChild(node) : (removeChild.call(this, node) as T);
  };
}
