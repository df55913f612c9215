/** React component tests in happy-dom: one container, a root per render, every root unmounted after each test. */
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export function mountPoint(): { container: HTMLElement; render(node: ReactNode): Promise<HTMLElement>; unmount(): void } {
  const container = document.body.appendChild(document.createElement('div'));
  const roots: Root[] = [];
  const unmount = () => act(() => roots.splice(0).forEach((root) => root.unmount()));
  afterEach(unmount);
  return {
    container,
    unmount,
    async render(node) {
      const root = createRoot(container);
      roots.push(root);
      await act(async () => root.render(node));
      return container;
    },
  };
}
