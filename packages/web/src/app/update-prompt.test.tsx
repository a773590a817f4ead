import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetUpdateState, updateReady } from '../lib/pwa/update-state';
import { UpdatePrompt } from './update-prompt';

afterEach(() => resetUpdateState());

describe('UpdatePrompt', () => {
  it('shows nothing while no new version waits', () => {
    render(<UpdatePrompt />);
    expect(screen.queryByRole('status', { name: 'Update available' })).not.toBeInTheDocument();
  });

  it('offers "Update available — reload" and activates the new version only on Reload', async () => {
    const activate = vi.fn();
    render(<UpdatePrompt />);
    act(() => updateReady(activate));
    const banner = screen.getByRole('status', { name: 'Update available' });
    expect(banner).toHaveTextContent('Update available — reload to use the new version.');
    expect(activate).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(activate).toHaveBeenCalledTimes(1);
    const busy = screen.getByRole('button', { name: 'Reloading…' });
    expect(busy).toBeDisabled();
    await userEvent.click(busy);
    expect(activate).toHaveBeenCalledTimes(1);
  });

  it('can be put off until the next visit without activating anything', async () => {
    const activate = vi.fn();
    render(<UpdatePrompt />);
    act(() => updateReady(activate));
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('status', { name: 'Update available' })).not.toBeInTheDocument();
    expect(activate).not.toHaveBeenCalled();
  });
});
