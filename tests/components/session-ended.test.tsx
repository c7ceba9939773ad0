// spec 4, 8: a session the server no longer honours (token_expired, or unauthenticated) is cleared silently: stored
// user, profile, banner flag and isLoggedIn go, and the header shows signed out on the next page, not "My account".
import { act, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { AccountLink } from '@/components/auth/AccountLink';
import { sendToApi } from '@/components/auth/client-session';

// the real module's other exports too: next-intl's navigation, loaded as an ES module on Node 24, imports redirect by name
jest.mock('next/navigation', () => ({ ...jest.requireActual('next/navigation'), usePathname: () => '/', useRouter: () => ({ push: jest.fn() }) }));

const labels = { signIn: 'Sign in', account: 'My account', logout: 'Log out', fundraisers: 'My fundraisers' };
const fetchMock = jest.fn();
const answer = (status: number, body: unknown) => Promise.resolve({ ok: status < 400, status, json: async () => body } as Response);

/** A browser that signed in earlier: the isLoggedIn mirror and what spec 4 keeps in storage. */
function signedInBrowser() {
  document.cookie = 'isLoggedIn=1; Path=/';
  localStorage.setItem('isLoggedIn', 'true');
  localStorage.setItem('user', JSON.stringify({ id: 5, full_name: 'Meera Iyer' }));
  localStorage.setItem('profile', JSON.stringify({ pan: 'ABCDE1234F' }));
  localStorage.setItem('banner_flag', '1');
}
const stored = () => ['isLoggedIn', 'user', 'profile', 'banner_flag'].filter((k) => localStorage.getItem(k) !== null);
const isLoggedInCookie = () => document.cookie.split(';').some((c) => c.trim() === 'isLoggedIn=1');

/** The header's account link, as the bar and the mobile menu both render it; its session check is let finish. */
async function header() {
  let view!: ReturnType<typeof render>;
  await act(async () => {
    view = render(
      <NextIntlClientProvider locale="en" messages={{}}>
        <AccountLink labels={labels} />
        <AccountLink labels={labels} />
      </NextIntlClientProvider>,
    );
  });
  return view;
}

beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
  localStorage.clear();
  document.cookie = 'isLoggedIn=; Max-Age=0; Path=/';
});

describe('the header on a page load', () => {
  it.each([
    ['token_expired', answer(401, { error: { code: 'token_expired', message: 'Your session has expired. Please log in again.' } })],
    ['unauthenticated', answer(401, { error: { code: 'unauthenticated', message: 'Please sign in to continue' } })],
    ['no user', answer(200, { data: { user: null } })],
  ])('asks the server once; a session it answers %s for is cleared and the header shows signed out', async (_, reply) => {
    signedInBrowser();
    fetchMock.mockReturnValueOnce(reply);
    await header();
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Sign in' })).toHaveLength(2));
    expect(screen.queryByRole('link', { name: 'My account' })).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/session', expect.objectContaining({ credentials: 'same-origin', cache: 'no-store' }));
    expect(stored()).toEqual([]);
    expect(isLoggedInCookie()).toBe(false);
  });

  it('keeps "My account" for a session the server still honours, and when the server cannot be reached', async () => {
    signedInBrowser();
    fetchMock.mockReturnValueOnce(answer(200, { data: { user: { id: 5, full_name: 'Meera Iyer', email: 'meera@example.com' } } }));
    const first = await header();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.getAllByRole('link', { name: 'My account' })).toHaveLength(2);
    first.unmount();

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await header();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(screen.getAllByRole('link', { name: 'My account' })).toHaveLength(2);
    expect(stored()).toEqual(['isLoggedIn', 'user', 'profile', 'banner_flag']);
  });

  it('a signed-out browser asks nothing, and a user left in storage without the cookie is cleared', async () => {
    localStorage.setItem('isLoggedIn', 'true');
    localStorage.setItem('user', '{"id":5}');
    await header();
    expect(screen.getAllByRole('link', { name: 'Sign in' })).toHaveLength(2);
    await waitFor(() => expect(stored()).toEqual([]));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('any API call answering token_expired', () => {
  it('clears the session and the header follows at once', async () => {
    signedInBrowser();
    fetchMock.mockReturnValueOnce(answer(200, { data: { user: { id: 5 } } }));
    await header();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.getAllByRole('link', { name: 'My account' })).toHaveLength(2);
    fetchMock.mockReturnValueOnce(answer(401, { error: { code: 'token_expired', message: 'Your session has expired. Please log in again.' } }));
    const result = await act(() => sendToApi('POST', '/api/fundraisers/7/comments', { comment: 'Get well soon' }));
    expect(result).toMatchObject({ ok: false, status: 401, error: { code: 'token_expired' } });
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Sign in' })).toHaveLength(2));
    expect(stored()).toEqual([]);
  });
});
