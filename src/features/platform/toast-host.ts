// Renders $toasts into the layout's #toast-host (src/layouts/Base.astro). Plain DOM, no React:
// any island calls mountToastHost() once hydrated; pages without islands ship no script at all.
import { specText } from '#/features/i18n/client-text.ts';
import { $toasts, type Toast } from './toast.ts';

let mounted = false;

function render(host: HTMLElement, toasts: readonly Toast[]) {
  host.replaceChildren(
    ...toasts.map((toast) => {
      const element = document.createElement('p');
      element.className = `toast toast--${toast.kind}`;
      // Toasts carry the SPEC's English; the shopper reads them in the page's language.
      element.textContent = specText(toast.message);
      return element;
    }),
  );
}

export function mountToastHost() {
  const host = document.getElementById('toast-host');
  if (mounted || !host) return;
  mounted = true;
  $toasts.subscribe((toasts) => render(host, toasts));
}
