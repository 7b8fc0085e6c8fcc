import { notifications } from '@mantine/notifications';
import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { accessStore } from '../lib/access-store';
import { api } from '../lib/api-client';
import { BRAND } from '../test/fixtures';
import { jsonResponse, stubFetch } from '../test/fetch';
import { BrandThemeProvider, NotificationsHost, RequestIndicators } from './providers';

beforeEach(() => accessStore.reset());

describe('BrandThemeProvider', () => {
  it('sets the brand CSS variables and the favicon once the brand is known', async () => {
    render(<BrandThemeProvider env="test">contenu</BrandThemeProvider>);
    const css = () => [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    expect(css()).toContain('--mutua-color-primary: #2c4a6e');

    act(() => accessStore.setState({ brand: BRAND }));
    await waitFor(() => expect(css()).toContain('--mutua-color-primary: #1c3f6e'));
    expect(css()).toContain('--mantine-color-primary-6: #1c3f6e');
    expect(css()).toContain('--mantine-radius-lg: 1rem');
    expect(document.querySelector('link[rel="icon"]')).toHaveAttribute('href', '/api/brand/favicon.svg');
  });
});

describe('RequestIndicators', () => {
  it('shows the full-screen spinner while a POST runs, not for GETs', async () => {
    let release!: (r: Response) => void;
    stubFetch({ '/x': () => new Promise<Response>((resolve) => (release = resolve)) });
    render(
      <BrandThemeProvider env="test">
        <RequestIndicators />
      </BrandThemeProvider>,
    );
    let call!: Promise<unknown>;
    act(() => void (call = api.get('/x')));
    expect(screen.queryByTestId('request-overlay')).not.toBeInTheDocument();
    await act(async () => (release(jsonResponse({ data: null })), await call));

    act(() => void (call = api.post('/x', {})));
    expect(screen.getByTestId('request-overlay')).toHaveTextContent('Envoi en cours…');
    await act(async () => (release(jsonResponse({ data: null })), await call));
    expect(screen.queryByTestId('request-overlay')).not.toBeInTheDocument();
  });
});

describe('NotificationsHost', () => {
  it('loads the container with the first notification, which then shows', async () => {
    render(
      <BrandThemeProvider env="test">
        <NotificationsHost />
      </BrandThemeProvider>,
    );
    act(() => void notifications.show({ message: 'Vos modifications ont été prises en compte' }));
    expect(await screen.findByText('Vos modifications ont été prises en compte')).toBeInTheDocument();
  });
});
