import { REFRESH_PAGE_LABEL, STARTUP_ERROR_MESSAGE, STARTUP_ERROR_TITLE } from '@hanger/domain';

/**
 * 'Application Error' drawn with plain DOM calls: when React itself could not mount there is no
 * component tree to render it with.
 */
export function renderStartupFailure(root: HTMLElement = document.body): void {
  const main = document.createElement('main');
  main.setAttribute('role', 'alert');
  main.className = 'grid min-h-dvh place-items-center px-6 text-center';
  const box = document.createElement('div');
  box.className = 'flex max-w-sm flex-col items-center';
  const title = document.createElement('h1');
  title.className = 'text-2xl font-semibold tracking-tight';
  title.textContent = STARTUP_ERROR_TITLE;
  const message = document.createElement('p');
  message.className = 'mt-2 text-sm leading-6 text-fg-muted';
  message.textContent = STARTUP_ERROR_MESSAGE;
  const button = document.createElement('button');
  button.type = 'button';
  button.className =
    'mt-8 inline-flex h-12 items-center rounded-full bg-accent px-6 font-medium text-on-accent hover:bg-accent-hover';
  button.textContent = REFRESH_PAGE_LABEL;
  button.addEventListener('click', () => window.location.reload());
  box.append(title, message, button);
  main.append(box);
  root.replaceChildren(main);
}
