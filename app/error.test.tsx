import { describe, expect, jest, test } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ErrorPage from './error';

describe('the error boundary', () => {
  test('shows its message and retries on request', async () => {
    const retry = jest.fn();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    render(<ErrorPage error={new Error('boom')} retry={retry} />);
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(console.error).toHaveBeenCalledWith(new Error('boom'));
  });
});
