import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import { SignInPanel } from '@/components/auth/SignInPanel';
import { FOS_SIGNUP_REDIRECT_DELAY_MS } from '@/lib/constants/auth';
import { SIGNUP_SNACKBAR_MS } from '@/lib/constants/ui';

// the browser's network: each test answers the one API call the panel makes
const answer = (status: number, body: unknown) => jest.fn(async (_url: string, _init?: RequestInit) => ({ ok: status >= 200 && status < 300, status, json: async () => body }));
const assign = jest.fn();
// the page load itself is the browser's (jsdom cannot navigate): record where the panel sends it
jest.mock('@/components/auth/client-session', () => ({ ...jest.requireActual('@/components/auth/client-session'), goTo: (url: string) => assign(url) }));
// every call the panel makes, with its JSON body
const bodyOf = (mock: jest.Mock, i: number) => JSON.parse(String((mock.mock.calls[i][1] as RequestInit).body));
beforeEach(() => {
  assign.mockReset();
  localStorage.clear();
  sessionStorage.clear();
});

function renderPanel(props: Partial<React.ComponentProps<typeof SignInPanel>> = {}) {
  return render(
    <NextIntlClientProvider locale="en" messages={{ Auth: en.Auth }}>
      <SignInPanel redirectUri={null} autologinToken={null} socialFailed={false} {...props} />
    </NextIntlClientProvider>,
  );
}

async function fillSignup(email: string) {
  fireEvent.click(screen.getByRole('button', { name: 'New here? Sign up' }));
  // the sign-up form comes in its own chunk
  fireEvent.change(await screen.findByLabelText('Full name'), { target: { value: 'Kavya Menon' } });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '98450 12345' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Strong1pass' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
}

describe('sign-in panel (spec 4, 5, 8)', () => {
  it('a taken email: snackbar with LOGIN for 10 s, the email kept, the login form shown', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    global.fetch = answer(409, { error: { code: 'conflict', message: 'The email id has already been taken.' } }) as unknown as typeof fetch;
    renderPanel();
    await fillSignup('kavya@example.com');
    const snack = await screen.findByTestId('snackbar');
    expect(snack).toHaveTextContent('You are already registered with us, Please login');
    expect(screen.getByRole('button', { name: 'LOGIN' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email or mobile number')).toHaveValue('kavya@example.com');
    await act(async () => void (await jest.advanceTimersByTimeAsync(SIGNUP_SNACKBAR_MS - 100)));
    expect(screen.getByTestId('snackbar')).toBeInTheDocument();
    await act(async () => void (await jest.advanceTimersByTimeAsync(200)));
    expect(screen.queryByTestId('snackbar')).toBeNull();
    jest.useRealTimers();
  });

  it('other sign-up errors: the server message, top centre', async () => {
    global.fetch = answer(429, { error: { code: 'rate_limited', message: 'Too many sign-ups from this network. Please try again later.' } }) as unknown as typeof fetch;
    renderPanel();
    await fillSignup('kavya@example.com');
    const snack = await screen.findByTestId('snackbar');
    expect(snack).toHaveTextContent('Too many sign-ups from this network.');
    expect(snack).toHaveClass('snackbar-top');
  });

  it('after login: marks logged in, clears dock data, keeps the user, goes to the destination', async () => {
    localStorage.setItem('dock_data', '{"step":2}');
    global.fetch = answer(200, { data: { redirect: '/portfolio', user: { id: 7, full_name: 'Asha', is_fos: false } } }) as unknown as typeof fetch;
    renderPanel();
    fireEvent.change(screen.getByLabelText('Email or mobile number'), { target: { value: 'asha@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'whatever' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/portfolio'));
    expect(localStorage.getItem('isLoggedIn')).toBe('true');
    expect(localStorage.getItem('dock_data')).toBeNull();
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ id: 7 });
  });

  it("a signed-out visitor's fundraiser dock becomes their draft (POST campaigns) before the dock is cleared and the page moves on", async () => {
    const dock = { parent_cause_id: 20, step: 'images', fields: { cause_id: 4, title: 'Help Ramesh beat leukaemia' }, utm: { utm_source: 'agent7' } };
    localStorage.setItem('dock_data', JSON.stringify(dock));
    const calls: { url: string; body: unknown }[] = [];
    global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init?.body)) });
      return url === '/api/campaigns'
        ? { ok: true, status: 201, json: async () => ({ data: { id: 41 } }) }
        : { ok: true, status: 200, json: async () => ({ data: { redirect: '/new/crowdfunding/medical/form?step=images', user: { id: 7 } } }) };
    }) as unknown as typeof fetch;
    renderPanel({ redirectUri: '/new/crowdfunding/medical/form?step=images' });
    fireEvent.change(screen.getByLabelText('Email or mobile number'), { target: { value: 'asha@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'whatever' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/new/crowdfunding/medical/form?step=images'));
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/login', '/api/campaigns']);
    expect(calls[1].body).toEqual({ parent_cause_id: 20, dock: { cause_id: 4, title: 'Help Ramesh beat leukaemia', step: 'images' }, utm: { utm_source: 'agent7' } });
    expect(localStorage.getItem('dock_data')).toBeNull();
  });

  it('a field-sales sign-up waits 1 s before the redirect', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    const fetchMock = answer(201, { data: { redirect: '/', user: { id: 8, is_fos: false } } });
    global.fetch = fetchMock as unknown as typeof fetch;
    renderPanel({ registrationSource: 'fos' });
    await fillSignup('agent-made@example.com');
    await act(async () => void (await jest.advanceTimersByTimeAsync(0)));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(fetchMock.mock.calls[0][1]!.body as string).registration_source).toBe('fos');
    await act(async () => void (await jest.advanceTimersByTimeAsync(FOS_SIGNUP_REDIRECT_DELAY_MS - 50)));
    expect(assign).not.toHaveBeenCalled();
    await act(async () => void (await jest.advanceTimersByTimeAsync(100)));
    expect(assign).toHaveBeenCalledWith('/');
    jest.useRealTimers();
  });
});

describe("the wallet's return (spec 7 paytm login code)", () => {
  it('sends the code with its state to callback/paytm, then goes where the server says', async () => {
    const fetchMock = answer(200, { data: { redirect: '/portfolio', user: { id: 9 } } });
    global.fetch = fetchMock as unknown as typeof fetch;
    renderPanel({ walletReturn: { code: 'wallet-code', state: 'sealed-state' } });
    expect(screen.getByRole('status')).toHaveTextContent(en.Auth.autologinWorking);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/portfolio'));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/callback/paytm?code=wallet-code&state=sealed-state');
    expect(init?.method).toBe('GET');
  });

  it("shows the server's refusal and goes nowhere", async () => {
    global.fetch = answer(422, { error: { code: 'validation_failed', message: 'The wallet sign-in code is invalid or has expired. Please try again' } }) as unknown as typeof fetch;
    renderPanel({ walletReturn: { code: 'wallet-code', state: 'forged' } });
    expect(await screen.findByTestId('snackbar')).toHaveTextContent('The wallet sign-in code is invalid or has expired. Please try again');
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('the sign-in panel: walls that say why, codes that can be sent again, errors where she looks', () => {
  it('sent from the SIP offer: says why, starts with a code, her gift\'s email already typed; a new account needs only her name', async () => {
    sessionStorage.setItem('signin_email', 'meera@example.com');
    const calls: { url: string; body: Record<string, unknown> }[] = [];
    const answers: Record<string, unknown> = {
      '/api/auth/login/otpLogin': { data: { request_id: 'req-123456789', resend_after_s: 30, codes_left: 4 } },
      '/api/verify/otp/token': { data: { user_exists: false, accessToken: 'sealed-token-123' } },
      '/api/verify/details': { data: { redirect: '/new/sip?cause=medical&amount=500', user: { id: 12 } } },
    };
    global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init?.body)) });
      return { ok: true, status: 200, json: async () => answers[url] };
    }) as unknown as typeof fetch;
    renderPanel({ reason: 'sip', redirectUri: '/new/sip?cause=medical&amount=500' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.Auth.reason.sip.title);
    expect(screen.getByTestId('signin-reason')).toHaveTextContent(en.Auth.reason.sip.text);
    expect(screen.getByLabelText('Email or mobile number')).toHaveValue('meera@example.com');
    // an email: no country picker
    expect(screen.queryByLabelText('Country code')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    fireEvent.change(await screen.findByLabelText('One-time code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
    fireEvent.change(await screen.findByLabelText('Full name'), { target: { value: 'Meera Nair' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/new/sip?cause=medical&amount=500'));
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/login/otpLogin', '/api/verify/otp/token', '/api/verify/details']);
    expect(calls[0].body).toEqual({ contact: 'meera@example.com' });
    expect(calls[1].body).toMatchObject({ request_id: 'req-123456789', otp: '123456', redirect_uri: '/new/sip?cause=medical&amount=500' });
  });

  it('resend waits for its timer (counted down), then sends a new code; change number goes back with the number kept', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    const fetchMock = answer(200, { data: { request_id: 'req-123456789', resend_after_s: 30, codes_left: 2 } });
    global.fetch = fetchMock as unknown as typeof fetch;
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Log in with a one-time code' }));
    fireEvent.change(screen.getByLabelText('Email or mobile number'), { target: { value: '202 555 0123' } });
    // digits: the country picker appears (its list a moment later); the US is chosen
    fireEvent.focus(screen.getByLabelText('Country code'));
    await screen.findByRole('option', { name: /United States/ });
    fireEvent.change(screen.getByLabelText('Country code'), { target: { value: 'US' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const resend = await screen.findByTestId('resend-code');
    expect(screen.getByTestId('code-sent')).toHaveTextContent('We sent a code to \u2066+1 202 555 0123\u2069');
    expect(bodyOf(fetchMock, 0)).toEqual({ contact: '202 555 0123', extension: '+1' });
    expect(resend).toBeDisabled();
    expect(resend).toHaveTextContent('Resend code in 30 s');
    expect(screen.getByText('2 more codes can be sent this hour.')).toBeInTheDocument();
    await act(async () => void (await jest.advanceTimersByTimeAsync(10_000)));
    expect(resend).toHaveTextContent('Resend code in 20 s');
    await act(async () => void (await jest.advanceTimersByTimeAsync(20_000)));
    expect(resend).toBeEnabled();
    expect(resend).toHaveTextContent('Resend code');
    fireEvent.click(resend);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(await screen.findByText(/We sent a new code to/)).toBeInTheDocument();
    expect(screen.getByTestId('resend-code')).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Change email or number' }));
    expect(screen.getByLabelText('Email or mobile number')).toHaveValue('202 555 0123');
    expect(screen.getByLabelText('Country code')).toHaveValue('US');
    fireEvent.change(screen.getByLabelText('Email or mobile number'), { target: { value: '202 555 0199' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(bodyOf(fetchMock, 2)).toEqual({ contact: '202 555 0199', extension: '+1' });
    jest.useRealTimers();
  });

  it('too many codes: the wait is said under the field', async () => {
    global.fetch = answer(429, { error: { code: 'rate_limited', message: 'Too many codes requested.', retry_after_s: 1500 } }) as unknown as typeof fetch;
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Log in with a one-time code' }));
    fireEvent.change(screen.getByLabelText('Email or mobile number'), { target: { value: 'asha@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Too many codes asked for. Please try again in 25 min.');
    expect(screen.getByLabelText('Email or mobile number')).toHaveAttribute('aria-describedby', expect.stringContaining(error.id));
  });

  it('a wrong password is said under the field, with Forgot password and Use a code instead (the email kept), no toast', async () => {
    global.fetch = answer(401, { error: { code: 'unauthenticated', message: 'The email, mobile number or password is incorrect' } }) as unknown as typeof fetch;
    renderPanel();
    fireEvent.change(screen.getByLabelText('Email or mobile number'), { target: { value: 'asha@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Wrong1pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent(en.Auth.badCredentials);
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-describedby', error.id);
    expect(screen.queryByTestId('snackbar')).toBeNull();
    const ways = error.parentElement!;
    expect(within(ways).getByRole('button', { name: 'Forgot password?' })).toBeInTheDocument();
    fireEvent.click(within(ways).getByRole('button', { name: 'Use a code instead' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Log in with a one-time code');
    expect(screen.getByLabelText('Email or mobile number')).toHaveValue('asha@example.com');
  });

  it('Forgot password from the error keeps the email typed', async () => {
    global.fetch = answer(401, { error: { code: 'unauthenticated', message: 'x' } }) as unknown as typeof fetch;
    renderPanel();
    fireEvent.change(screen.getByLabelText('Email or mobile number'), { target: { value: 'asha@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Wrong1pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    fireEvent.click(within((await screen.findByRole('alert')).parentElement!).getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.com');
  });

  it("an empty password is said in the reader's language (never English on a Hindi page), nothing sent", async () => {
    const fetchMock = jest.fn();
    global.fetch = fetchMock as unknown as typeof fetch;
    render(
      <NextIntlClientProvider locale="hi" messages={{ Auth: hi.Auth }}>
        <SignInPanel redirectUri={null} autologinToken={null} socialFailed={false} />
      </NextIntlClientProvider>,
    );
    fireEvent.change(screen.getByLabelText(hi.Auth.contact), { target: { value: 'asha@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: hi.Auth.login }));
    expect(await screen.findByRole('alert')).toHaveTextContent(hi.Auth.passwordMissing);
    expect(hi.Auth.passwordMissing).not.toBe(en.Auth.passwordMissing);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('password login by mobile number: the country picker appears for digits and its code is sent', async () => {
    const fetchMock = answer(200, { data: { redirect: '/portfolio', user: { id: 7 } } });
    global.fetch = fetchMock as unknown as typeof fetch;
    renderPanel();
    fireEvent.change(screen.getByLabelText('Email or mobile number'), { target: { value: '98765 43210' } });
    expect(screen.getByLabelText('Country code')).toHaveValue('IN');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Good1pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/portfolio'));
    expect(bodyOf(fetchMock, 0)).toEqual({ email_id: '98765 43210', extension: '+91', password: 'Good1pass' });
  });
});
