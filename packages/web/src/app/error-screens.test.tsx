import { fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary, RouteErrorScreen, StartupErrorScreen } from './error-screens';
import { renderStartupFailure } from './startup-failure';

function Broken(): never {
  throw new Error('boom');
}

afterEach(() => vi.restoreAllMocks());

describe('fallback screens', () => {
  it("a screen that crashes shows 'Something went wrong' with a Refresh Page button", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter([
      { path: '/', element: <Broken />, errorElement: <RouteErrorScreen /> },
    ]);
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(
      screen.getByText(
        "We're sorry, but something unexpected happened. Please try refreshing the page.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
  });

  it('the boundary outside the router catches render errors too', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  });

  it("a failed start shows 'Application Error'", () => {
    render(<StartupErrorScreen />);
    expect(screen.getByRole('heading', { name: 'Application Error' })).toBeInTheDocument();
    expect(
      screen.getByText('Failed to load the application. Please refresh the page.'),
    ).toBeInTheDocument();
  });

  it("when React itself cannot mount, 'Application Error' is drawn without it and reloads on request", () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const root = document.createElement('div');
    document.body.append(root);
    renderStartupFailure(root);
    expect(root.querySelector('h1')?.textContent).toBe('Application Error');
    fireEvent.click(root.querySelector('button')!);
    expect(reload).toHaveBeenCalledOnce();
    root.remove();
  });
});
