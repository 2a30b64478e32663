import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, it } from 'vitest';
import { setupMockApi } from '../api/test-support/mock-api';
import { APP_CONFIG_PATH } from '../contract/paths';
import { renderWithProviders } from '../test-support/render-with-providers';
import { SignInPage } from './SignInPage';

const server = setupMockApi();

function answerConfig(demo: boolean, proxy: { tokenTrustMs?: number } | undefined = undefined) {
  server.use(
    http.get(APP_CONFIG_PATH, () =>
      HttpResponse.json({
        mode: proxy ? 'proxy' : 'embedded',
        tokenHeldByServer: false,
        demo,
        ...proxy,
      }),
    ),
  );
}

it('says when the instance is the demo, and where its token and link are', async () => {
  answerConfig(true);
  renderWithProviders(<SignInPage />, { url: '/sign-in' });
  expect(await screen.findByText('This is the demo instance')).toBeInTheDocument();
  expect(screen.getByText(/printed it in the terminal, with a sign-in link/)).toBeInTheDocument();
  expect(screen.getByLabelText(/Developer token/)).toBeInTheDocument();
});

it('says nothing of a demo on another instance', async () => {
  answerConfig(false);
  const { client } = renderWithProviders(<SignInPage />, { url: '/sign-in' });
  await screen.findByLabelText(/Developer token/);
  await expect.poll(() => client.getQueryData(['app-config'])).toBeDefined();
  expect(screen.queryByText('This is the demo instance')).not.toBeInTheDocument();
});

it('in proxy mode, says how long a revoked token still reads the audit, and that every token reads one copy', async () => {
  answerConfig(false, { tokenTrustMs: 120_000 });
  renderWithProviders(<SignInPage />, { url: '/sign-in' });
  expect(
    await screen.findByText(/trusts the answer for 2 minutes: a token the instance revokes/),
  ).toBeInTheDocument();
  expect(screen.getByText(/any token the instance accepts reads that copy/)).toBeInTheDocument();
  expect(screen.getByText(/the instance decides what you may change/)).toBeInTheDocument();
});

it('says nothing of a proxy in embedded mode', async () => {
  answerConfig(false);
  const { client } = renderWithProviders(<SignInPage />, { url: '/sign-in' });
  await expect.poll(() => client.getQueryData(['app-config'])).toBeDefined();
  expect(screen.queryByText(/stands in front of your instance/)).not.toBeInTheDocument();
});
