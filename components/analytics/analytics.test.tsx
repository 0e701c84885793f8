import { beforeEach, describe, expect, jest, test } from '@jest/globals';
import { render, waitFor } from '@testing-library/react';

let mockPathname = '/';
const mockGa = { initialize: jest.fn(), send: jest.fn(), event: jest.fn() };
jest.mock('next/navigation', () => ({ usePathname: () => mockPathname }));
jest.mock('react-ga4', () => ({ __esModule: true, default: mockGa }));
jest.mock('web-vitals', () => ({
  onCLS: jest.fn(),
  onFCP: jest.fn(),
  onINP: jest.fn(),
  onLCP: jest.fn(),
  onTTFB: jest.fn(),
}));

// Imported after the mocks (next/jest does not hoist jest.mock above @jest/globals imports).
const load = () => import('./analytics').then((module) => module.Analytics);

describe('Analytics', () => {
  beforeEach(() => {
    mockPathname = '/';
    jest.clearAllMocks();
  });

  test('loads nothing and sends nothing without a measurement id', async () => {
    const Analytics = await load();
    render(<Analytics />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(mockGa.initialize).not.toHaveBeenCalled();
    expect(mockGa.send).not.toHaveBeenCalled();
    expect(document.querySelector('script[src*="googletagmanager"]')).toBeNull();
  });

  test('initialises once, without the automatic page view, and sends one page view per route', async () => {
    const Analytics = await load();
    const view = render(<Analytics measurementId="G-TEST" />);
    await waitFor(() => expect(mockGa.send).toHaveBeenCalledTimes(1));
    expect(mockGa.initialize).toHaveBeenCalledWith('G-TEST', {
      gtagOptions: { send_page_view: false },
    });
    expect(mockGa.send).toHaveBeenLastCalledWith(
      expect.objectContaining({ hitType: 'pageview', page: '/' }),
    );
    view.rerender(<Analytics measurementId="G-TEST" />);
    mockPathname = '/about/';
    view.rerender(<Analytics measurementId="G-TEST" />);
    await waitFor(() => expect(mockGa.send).toHaveBeenCalledTimes(2));
    expect(mockGa.send).toHaveBeenLastCalledWith(expect.objectContaining({ page: '/about/' }));
    expect(mockGa.initialize).toHaveBeenCalledTimes(1);
  });
});
