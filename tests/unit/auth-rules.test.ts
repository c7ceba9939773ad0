import { isProductDomain, safeRedirectUri } from '@/lib/auth/redirect';
import { roleDestination, sipState, type AccountFacts } from '@/lib/auth/destination';
import { PasswordSchema, SignupSchema } from '@/lib/validation/account-fields';
import { ContactSchema } from '@/lib/validation/sign-in';

const ours = (host: string) => isProductDomain(host, ['sahyog.in', 'localhost']) || host === 'give.partner.org';

describe('redirect_uri validator (spec 5, 6)', () => {
  it.each([
    ['/stories/help-asha?x=1#top', '/stories/help-asha?x=1#top'],
    ['/portfolio', '/portfolio'],
    ['https://sahyog.in/portfolio', 'https://sahyog.in/portfolio'],
    ['https://www.sahyog.in/a', 'https://www.sahyog.in/a'],
    ['https://give.partner.org/stories/x', 'https://give.partner.org/stories/x'],
  ])('keeps our own %s', async (raw, expected) => {
    expect(await safeRedirectUri(raw, ours)).toBe(expected);
  });

  it.each([
    '//evil.com',
    '///evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    '/%2f%2fevil.com',
    '/%2F%2Fevil.com',
    '/%5cevil.com',
    'https://evil.com/?x=sahyog.in',
    'https://evil.com/sahyog.in',
    'https://sahyog.in.evil.com/',
    'https://evilsahyog.in/',
    'https://sahyog.in@evil.com/',
    'https://user:pass@sahyog.in/',
    'javascript:alert(1)',
    'data:text/html,hi',
    'ftp://sahyog.in/',
    '/\tevil',
    ' //evil.com',
    'evil.com',
    '',
  ])('refuses %j', async (raw) => {
    expect(await safeRedirectUri(raw, ours)).toBeNull();
  });
});

describe('post-login destination by role (spec 6)', () => {
  const to = { ngoDashboard: 'https://ngo.sahyog.in/dashboard', manageUrl: 'https://manage.sahyog.in', sipRetentionUrl: 'https://sip.sahyog.in' };
  const base: AccountFacts = { entity_type: 'individual', is_hospital: false, activeCampaigns: 0, sipStatusFlags: [] };
  it('sends an NGO to the NGO dashboard', () => expect(roleDestination({ ...base, entity_type: 'ngo', activeCampaigns: 3 }, to)).toBe(to.ngoDashboard));
  it('sends a hospital user to manage', () => expect(roleDestination({ ...base, is_hospital: true }, to)).toBe('https://manage.sahyog.in/manage/list'));
  it('sends a campaigner with active campaigns to the manage list', () => expect(roleDestination({ ...base, activeCampaigns: 1 }, to)).toBe('https://manage.sahyog.in/manage/list'));
  it('sends a SIP user to retention, inactive SIPs (2, 4, 5) to the inactive-user page', () => {
    expect(roleDestination({ ...base, sipStatusFlags: [1] }, to)).toBe('https://sip.sahyog.in');
    expect(roleDestination({ ...base, sipStatusFlags: [4] }, to)).toBe('https://sip.sahyog.in/inactiveuser');
    expect(roleDestination({ ...base, sipStatusFlags: [3] }, to)).toBe('/');
  });
  it('sends everybody else home', () => expect(roleDestination(base, to)).toBe('/'));
  it('reads SIP states of spec 4', () => {
    expect(sipState([])).toBe('none');
    expect(sipState([1, 2])).toBe('active');
    expect(sipState([2, 5])).toBe('inactive');
    expect(sipState([0, 3])).toBe('none');
  });
});

describe('account payloads (spec 3, 5)', () => {
  it('wants 8+ characters with a lowercase, an uppercase and a digit', () => {
    for (const bad of ['Short1a', 'alllower123', 'ALLUPPER123', 'NoDigitsHere']) expect(PasswordSchema.safeParse(bad).success).toBe(false);
    expect(PasswordSchema.safeParse('Good1pass').success).toBe(true);
  });
  it('removes spaces from the phone and keeps its last 10 digits', () => {
    const parsed = SignupSchema.parse({ email_id: 'A@Example.com', password: 'Good1pass', full_name: 'Asha Rao', phone_1: '+91 98765 43210' });
    expect(parsed.phone_1).toBe('9876543210');
    expect(parsed.email_id).toBe('a@example.com');
    expect(parsed.registration_source).toBe('direct');
    expect(parsed.user_type).toBe('individual');
  });
  it('takes a phone or an email as one contact field', () => {
    // a phone is kept in E.164; bare digits are Indian (spec 5's rules)
    expect(ContactSchema.parse('98765 43210')).toEqual({ kind: 'phone', value: '+919876543210' });
    expect(ContactSchema.parse('Me@Example.com')).toEqual({ kind: 'email', value: 'me@example.com' });
    expect(ContactSchema.safeParse('12345').success).toBe(false);
    expect(ContactSchema.safeParse('me@').success).toBe(false);
  });
});

import { guardRedirect, isMobileRequest } from '@/lib/auth/guards';
import { microCacheKey } from '@/server/micro-cache';

describe('middleware guards (spec 6)', () => {
  const req = (path: string, query = '', cookies: Record<string, string> = {}, isMobile = false) => ({ path, search: new URLSearchParams(query), cookie: (n: string) => cookies[n], isMobile, sipRetentionUrl: 'https://sip.sahyog.in' });
  const session = { u_auth: 'sealed', isLoggedIn: '1' };
  it('sends visitors of pages that need a user to sign-in with redirect_uri', () => {
    expect(guardRedirect(req('/portfolio', 'page=2'))).toBe('/new/signin?redirect_uri=%2Fportfolio%3Fpage%3D2');
    expect(guardRedirect(req('/profile'))).toBe('/new/signin?redirect_uri=%2Fprofile');
    expect(guardRedirect(req('/portfolio', '', session))).toBeNull();
    expect(guardRedirect({ ...req('/portfolio'), localePrefix: '/hi' })).toBe('/new/signin?redirect_uri=%2Fhi%2Fportfolio');
  });
  it('sends signed-in users away from auth pages: to a safe redirect_uri, else the campaign basic page', () => {
    expect(guardRedirect(req('/new/signin', '', session))).toBe('/new/crowdfunding');
    expect(guardRedirect(req('/new/signin', 'redirect_uri=/stories/x', session))).toBe('/stories/x');
    expect(guardRedirect(req('/new/signin', 'redirect_uri=//evil.com', session))).toBe('/new/crowdfunding');
    expect(guardRedirect(req('/new/signin', 'redirect_uri=/\\evil.com', session))).toBe('/new/crowdfunding');
    // a browser that dropped isLoggedIn after token_expired may sign in again
    expect(guardRedirect(req('/new/signin', '', { u_auth: 'stale' }))).toBeNull();
    expect(guardRedirect(req('/new/signin'))).toBeNull();
  });
  it('sends users with an active SIP to retention, inactive ones to /inactiveuser, except telecalling traffic', () => {
    expect(guardRedirect(req('/new/sip', '', { ...session, sip_state: 'active' }))).toBe('https://sip.sahyog.in');
    expect(guardRedirect(req('/new/sip', '', { ...session, sip_state: 'inactive' }))).toBe('https://sip.sahyog.in/inactiveuser');
    expect(guardRedirect(req('/new/sip', 'utm_source=internal_impact_calling', { ...session, sip_state: 'active' }))).toBeNull();
    expect(guardRedirect(req('/new/sip', '', { ...session, sip_state: 'none' }))).toBeNull();
  });
  it('sends phone visitors with external_ct to the download page first', () => {
    expect(guardRedirect(req('/stories/help-asha', 'external_ct=help-asha', {}, true))).toBe('/new/download-page?ct=help-asha');
    expect(guardRedirect(req('/stories/help-asha', 'external_ct=help-asha', {}, false))).toBeNull();
    expect(guardRedirect(req('/new/download-page', 'external_ct=x', {}, true))).toBeNull();
    expect(isMobileRequest(new Headers({ 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 7) Mobile Safari' }))).toBe(true);
    expect(isMobileRequest(new Headers({ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' }))).toBe(false);
    // and the micro-cache never answers such a request for everybody
    expect(microCacheKey({ method: 'GET', url: '/stories/help-asha?external_ct=help-asha', headers: { host: 'localhost' } })).toBeNull();
  });
});
