// The fundraiser wizard (spec 4): every move between steps saves (the draft when signed in, this browser's dock when
// not), the address names the step and the draft, the focus lands on what to read or fix next, and the review sends
// the draft to the team or lists what it still lacks.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { REVIEW_MESSAGES } from '@/lib/fundraisers/wizard';
import type { DraftView } from '@/lib/fundraisers/draft-view';
import { DOCK_KEY, type Dock } from '@/components/wizard/dock';
import { Wizard, type WizardProps } from '@/components/wizard/Wizard';

const W = en.Wizard;
const BASE = '/new/crowdfunding/medical';

// a medical draft (cause 4 under parent 20) saved at the medical step, with a hospital typed by hand
const draftOf = (over: Partial<Record<keyof DraftView, unknown>> = {}) =>
  ({
    id: 41,
    status: 'draft',
    status_flag: 0,
    purpose: 'medical',
    steps: [],
    step: 'medical',
    title: 'Help Ravi beat cancer',
    custom_tag: null,
    cause_id: 4,
    parent_cause_id: 20,
    cause: null,
    story_title: { info_1: null },
    story_description: { info_1: '<p>story</p>' },
    short_description: 'short',
    about: '',
    beneficiary: { name: 'Ravi', relation: 'father', age: 60 },
    beneficiaryrelation: { info_1: null },
    disease: { id: 3, name: 'Cancer' },
    hospital: { id: 9, name: 'My clinic', city: 'Pune', confirmed: false },
    hospitalisation_status: null,
    documents: [],
    documents_checked_at: null,
    referral_option: null,
    patient_number: null,
    city: 'Pune',
    owner: { id: 1, full_name: 'Asha', qualification: 'BA', occupation: 'Clerk', salary: 100 },
    manager_id: null,
    creator_entity_details_id: null,
    entity_details_id: null,
    goal: 50000,
    currency: 'INR',
    end_date: '2026-12-01',
    brand_survey: null,
    utm: null,
    rewards: [],
    review_reason: null,
    review_flags: [],
    supports: null,
    declined: false,
    submitted_at: null,
    media: [],
    ...over,
  }) as unknown as DraftView;
// a personal cause (education): its steps ask about the campaigner instead of the medical details
const personalDraft = draftOf({ cause_id: 31, step: 'owner' });
const cover = { id: 5, display_type_1: null, kind: 'leaderboard', path: '/cover.jpg', file_name: null, variants: null };
const photo = { id: 6, display_type_1: null, kind: 'beneficiary', path: '/photo.jpg', file_name: null, variants: null };

const base: WizardProps = {
  basePath: BASE,
  signInPage: '/new/signin',
  groups: ['medical', 'personal'],
  advanced: true,
  inSteps: true,
  requestedStep: null,
  signedIn: true,
  isFos: false,
  draft: draftOf(),
  drafts: [],
  causes: { medical: [{ id: 4, label: 'Cancer care' }, { id: 7, label: 'Transplant' }], personal: [{ id: 31, label: 'Education' }], ngo: [], creative: [] },
  dates: { min: '2026-01-01', max: '2027-01-01' },
};

// the API answers by "METHOD path"; the pickers' lists (GET) answer empty
let answers: Record<string, [number, unknown]> = {};
const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
  const [status, body] = answers[`${init?.method ?? 'GET'} ${url}`] ?? (init?.method ? [500, {}] : [200, { data: [] }]);
  return { ok: status < 400, status, json: async () => body } as Response;
});
const answer = (call: string, status: number, body: unknown) => (answers[call] = [status, body]);
/** the API calls that change something, as "METHOD path" */
const writes = () => fetchMock.mock.calls.filter(([, init]) => init?.method).map(([url, init]) => `${init!.method} ${url}`);
const bodyOf = (call: string) => {
  const found = fetchMock.mock.calls.find(([url, init]) => `${init?.method} ${url}` === call);
  return JSON.parse(found![1]!.body as string);
};
const dock = () => JSON.parse(localStorage.getItem(DOCK_KEY) ?? 'null') as Dock | null;
const address = () => `${window.location.pathname}${window.location.search}`;

beforeEach(() => {
  answers = {};
  fetchMock.mockClear();
  global.fetch = fetchMock as unknown as typeof fetch;
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  // jsdom has no scrolling; each new step scrolls to the top
  window.scrollTo = jest.fn();
});

async function open(props: Partial<WizardProps> = {}) {
  const view = render(
    <NextIntlClientProvider locale="en" messages={{ Wizard: W }}>
      <Wizard {...base} {...props} />
    </NextIntlClientProvider>,
  );
  await act(async () => {}); // effects on arrival (utm, dock), the pickers' first lists
  return view;
}
const press = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const heading = () => screen.getByRole('heading', { level: 1 });
/** the kind of cause, named by its title and its examples */
const kind = (g: 'medical' | 'personal') => screen.getByRole('radio', { name: (name) => name.startsWith(W.groups[g].title) });

describe('the start screen', () => {
  it('lists the campaigner’s drafts, each continued where it stopped; one under review cannot be continued', async () => {
    await open({
      inSteps: false,
      draft: null,
      drafts: [draftOf({ status: 'rejected', review_reason: 'The photo is blurry' }), draftOf({ id: 42, title: '', step: 'bogus' }), draftOf({ id: 43, status: 'under_review', title: 'Waiting' })],
    });
    expect(heading()).toHaveTextContent(W.startTitle);
    const items = within(screen.getByRole('region', { name: W.yourDrafts })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(`Help Ravi beat cancer${W.status.rejected}${W.sentBack} The photo is blurry`);
    expect(within(items[0]).getByRole('link', { name: W.continue })).toHaveAttribute('href', `${BASE}/form?draft=41&step=medical`);
    // a step the wizard does not know starts from the cause
    expect(items[1]).toHaveTextContent(W.untitled);
    expect(within(items[1]).getByRole('link', { name: W.continue })).toHaveAttribute('href', `${BASE}/form?draft=42&step=cause`);
    expect(within(items[2]).queryByRole('link')).toBeNull();
  });

  it('offers a signed-out visitor the fundraiser kept on this device, and continues it at its step', async () => {
    localStorage.setItem(DOCK_KEY, JSON.stringify({ parent_cause_id: 20, step: 'medical', fields: { cause_id: 4, disease_id: 3 }, names: { disease: 'Flu' } }));
    await open({ inSteps: false, draft: null, signedIn: false });
    expect(screen.getByText(W.resumeText)).toBeInTheDocument();
    await press(W.continue);
    expect(address()).toBe(`${BASE}/form?step=medical`);
    expect(heading()).toHaveTextContent(W.steps.medical.title);
    await waitFor(() => expect(heading()).toHaveFocus());
    expect(screen.getByRole('combobox', { name: W.disease })).toHaveValue('Flu');
  });
});

describe('arriving at the steps with a dock', () => {
  it('signed out: fills the form from the dock at the dock’s step, replacing the address', async () => {
    localStorage.setItem(DOCK_KEY, JSON.stringify({ parent_cause_id: 20, step: 'medical', fields: { cause_id: 4, disease_id: 3, hospital_id: 4 }, names: { disease: 'Flu', hospital: 'AIIMS' } }));
    const before = window.history.length;
    await open({ draft: null, signedIn: false });
    expect(heading()).toHaveTextContent(W.steps.medical.title);
    expect(screen.getByText('Step 3 of 8')).toBeInTheDocument();
    expect(address()).toBe(`${BASE}/form?step=medical`);
    expect(window.history.length).toBe(before);
    expect(screen.getByRole('combobox', { name: W.disease })).toHaveValue('Flu');
    expect(screen.getByRole('combobox', { name: W.hospital })).toHaveValue('AIIMS');
  });

  it('signed in: turns the dock into a draft (with its utm) and clears it', async () => {
    localStorage.setItem(DOCK_KEY, JSON.stringify({ parent_cause_id: 20, step: 'beneficiary', fields: { cause_id: 4 }, utm: { utm_source: 'agent_7' } }));
    answer('POST /api/campaigns', 201, { data: { id: 77 } });
    // jsdom cannot follow the full page load to the new draft
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
    await open({ draft: null });
    quiet.mockRestore();
    expect(writes()).toEqual(['POST /api/campaigns']);
    expect(bodyOf('POST /api/campaigns')).toEqual({ parent_cause_id: 20, dock: { cause_id: 4, step: 'beneficiary' }, utm: { utm_source: 'agent_7' } });
    expect(dock()).toBeNull();
  });
});

describe('moving between steps, signed out', () => {
  it('refuses to go on without the step’s required answers: the messages under the fields, the focus on the first, nothing kept', async () => {
    await open({ draft: null, signedIn: false, requestedStep: 'beneficiary' });
    await press(W.next);
    const relations = screen.getByRole('group', { name: W.relationLegend });
    expect(within(relations).getByRole('alert')).toHaveTextContent(REVIEW_MESSAGES.beneficiary_relation);
    expect(screen.getByLabelText(W.beneficiaryName)).toHaveAccessibleDescription(REVIEW_MESSAGES.beneficiary_name);
    await waitFor(() => expect(within(relations).getAllByRole('radio')[0]).toHaveFocus());
    expect(heading()).toHaveTextContent(W.steps.beneficiary.title);
    expect(dock()).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the answers and the agent’s utm in the dock and names the next step in the address', async () => {
    window.history.replaceState(null, '', '/x?utm_source=agent_1&utm_medium=sms');
    await open({ draft: null, signedIn: false, requestedStep: 'cause' });
    fireEvent.click(kind('medical'));
    fireEvent.click(screen.getByRole('radio', { name: 'Transplant' }));
    const before = window.history.length;
    await press(W.next);
    // a new entry in the history, so the browser's back button returns to the cause
    expect(window.history.length).toBe(before + 1);
    expect(dock()).toEqual({ parent_cause_id: 20, step: 'beneficiary', fields: { parent_cause_id: 20, cause_id: 7 }, names: {}, utm: { utm_source: 'agent_1', utm_medium: 'sms' } });
    expect(address()).toBe(`${BASE}/form?step=beneficiary`);
    expect(heading()).toHaveTextContent(W.steps.beneficiary.title);
    expect(screen.getByText('Step 2 of 8')).toBeInTheDocument();
    await waitFor(() => expect(heading()).toHaveFocus());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('goes back without complaint, keeping nothing of a step left half done', async () => {
    localStorage.setItem(DOCK_KEY, JSON.stringify({ parent_cause_id: 20, step: 'beneficiary', fields: { parent_cause_id: 20, cause_id: 7 } }));
    await open({ draft: null, signedIn: false });
    type(W.beneficiaryName, 'Sita');
    await press(W.back);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(heading()).toHaveTextContent(W.steps.cause.title);
    expect(address()).toBe(`${BASE}/form?step=cause`);
    expect(dock()).toMatchObject({ step: 'cause', fields: { parent_cause_id: 20, cause_id: 7 } });
    expect(dock()!.fields).not.toHaveProperty('beneficiary_name');
  });

  it('follows the browser’s back and forward buttons to the step the address names', async () => {
    await open({ draft: null, signedIn: false, requestedStep: 'beneficiary' });
    window.history.pushState(null, '', `${BASE}/form?step=cause`);
    act(() => void window.dispatchEvent(new PopStateEvent('popstate')));
    expect(heading()).toHaveTextContent(W.steps.cause.title);
  });

  it('switching the kind of cause shows that kind’s causes and its steps, forgetting the cause chosen', async () => {
    await open({ draft: null, requestedStep: 'cause' });
    fireEvent.click(kind('medical'));
    const causes = () => within(screen.getByRole('group', { name: W.causeLegend })).getAllByRole('radio');
    expect(causes().map((r) => r.closest('label')!.textContent)).toEqual(['Cancer care', 'Transplant']);
    fireEvent.click(screen.getByRole('radio', { name: 'Transplant' }));
    expect(screen.getByText('Step 1 of 8')).toBeInTheDocument();
    fireEvent.click(kind('personal'));
    expect(causes().map((r) => r.closest('label')!.textContent)).toEqual(['Education']);
    expect(screen.getByText('Step 1 of 7')).toBeInTheDocument();
    await press(W.next);
    expect(screen.getByRole('alert')).toHaveTextContent(REVIEW_MESSAGES.cause_id);
  });
});

describe('saving, signed in', () => {
  it('saves the step’s answers on the draft and moves on, the address naming the draft', async () => {
    answer('PUT /api/campaigns/41', 200, { data: { ...personalDraft, step: 'story' } });
    await open({ draft: personalDraft, requestedStep: 'owner' });
    await press(W.next);
    expect(writes()).toEqual(['PUT /api/campaigns/41']);
    expect(bodyOf('PUT /api/campaigns/41')).toEqual({ owner_qualification: 'BA', owner_occupation: 'Clerk', owner_salary: 100, step: 'story' });
    expect(address()).toBe(`${BASE}/form?draft=41&step=story`);
    expect(heading()).toHaveTextContent(W.steps.story.title);
    await waitFor(() => expect(heading()).toHaveFocus());
    // the campaigner is told the step was kept
    expect(screen.getByText(W.saved)).toBeInTheDocument();
  });

  it('shows the server’s refusal under its field, with the focus there, and stays on the step', async () => {
    answer('PUT /api/campaigns/41', 422, { error: { code: 'validation_failed', message: 'Please check the form', fields: { owner_occupation: 'Say what you do' } } });
    await open({ draft: personalDraft, requestedStep: 'owner' });
    await press(W.next);
    const occupation = screen.getByLabelText(W.occupation);
    expect(occupation).toHaveAttribute('aria-invalid', 'true');
    expect(occupation).toHaveAccessibleDescription('Say what you do');
    await waitFor(() => expect(occupation).toHaveFocus());
    expect(screen.getByText('Please check the form')).toBeInTheDocument();
    expect(heading()).toHaveTextContent(W.steps.owner.title);
    expect(address()).toBe('/');
  });

  it('when the session has ended, links to sign-in and back to this step of this draft', async () => {
    answer('PUT /api/campaigns/41', 401, { error: { code: 'unauthenticated', message: 'Sign in' } });
    await open({ draft: personalDraft, requestedStep: 'owner' });
    await press(W.next);
    expect(screen.getByRole('link', { name: W.signedOut })).toHaveAttribute('href', `/new/signin?redirect_uri=${encodeURIComponent(`${BASE}/form?draft=41&step=owner`)}`);
    expect(heading()).toHaveTextContent(W.steps.owner.title);
  });

  it('the first save makes the draft, with the agent’s utm, and the address then names it', async () => {
    window.history.replaceState(null, '', '/x?utm_source=agent_1');
    answer('POST /api/campaigns', 201, { data: draftOf({ id: 50, step: 'beneficiary' }) });
    await open({ draft: null, requestedStep: 'cause' });
    fireEvent.click(kind('medical'));
    fireEvent.click(screen.getByRole('radio', { name: 'Cancer care' }));
    await press(W.next);
    expect(bodyOf('POST /api/campaigns')).toEqual({ parent_cause_id: 20, dock: { parent_cause_id: 20, cause_id: 4, step: 'beneficiary' }, utm: { utm_source: 'agent_1' } });
    expect(address()).toBe(`${BASE}/form?draft=50&step=beneficiary`);
    expect(heading()).toHaveTextContent(W.steps.beneficiary.title);
  });

  it('field staff may start it for a beneficiary, whose account is sent with the new draft', async () => {
    answer('POST /api/campaigns', 500, { error: { code: 'internal', message: 'Try again later' } });
    await open({ draft: null, requestedStep: 'cause', isFos: true });
    expect(screen.queryByLabelText(W.fos.name)).toBeNull();
    fireEvent.click(kind('personal'));
    fireEvent.click(screen.getByRole('radio', { name: 'Education' }));
    fireEvent.click(screen.getByLabelText(W.fos.forOthers));
    type(W.fos.name, 'Ben Das');
    type(W.fos.phone, '9876501234');
    await press(W.next);
    expect(bodyOf('POST /api/campaigns')).toEqual({ parent_cause_id: 20, dock: { parent_cause_id: 20, cause_id: 31, step: 'beneficiary' }, beneficiary_account: { full_name: 'Ben Das', phone_1: '9876501234' } });
    expect(screen.getByText('Try again later')).toBeInTheDocument();
    expect(heading()).toHaveTextContent(W.steps.cause.title);
  });

  it('is not offered to field staff editing a draft, nor to anyone else', async () => {
    const { unmount } = await open({ requestedStep: 'cause', isFos: true });
    expect(screen.queryByLabelText(W.fos.forOthers)).toBeNull();
    unmount();
    await open({ draft: null, requestedStep: 'cause', isFos: false });
    expect(screen.queryByLabelText(W.fos.forOthers)).toBeNull();
  });
});

describe('the medical step', () => {
  it('a hospital typed by hand comes back in its own fields; the list can be chosen again, and left again', async () => {
    await open({ requestedStep: 'medical' });
    expect(screen.getByLabelText(W.ownHospital.name)).toHaveValue('My clinic');
    expect(screen.getByLabelText(W.ownHospital.city)).toHaveValue('Pune');
    await press(W.ownHospital.backToList);
    expect(screen.queryByLabelText(W.ownHospital.name)).toBeNull();
    expect(await screen.findByRole('combobox', { name: W.hospital })).toHaveValue('');
    await press(W.ownHospital.toggle);
    expect(screen.getByLabelText(W.ownHospital.name)).toHaveValue('');
    await waitFor(() => expect(screen.getByLabelText(W.ownHospital.name)).toHaveFocus());
  });
});

describe('photos and documents', () => {
  it('signed out, asks to sign in (saying why) and offers no way on', async () => {
    await open({ draft: null, signedIn: false, requestedStep: 'images' });
    expect(screen.getByRole('link', { name: W.signInToContinue })).toHaveAttribute('href', `/new/signin?redirect_uri=${encodeURIComponent(`${BASE}/form?step=images`)}&reason=photos`);
    expect(screen.queryByRole('button', { name: W.next })).toBeNull();
  });

  it('removes a photo from the draft', async () => {
    answer('DELETE /api/campaigns/41/media/item/6', 200, {});
    await open({ requestedStep: 'images', draft: draftOf({ media: [cover, photo] }) });
    expect(screen.getByRole('img', { name: 'Photo 1' })).toBeInTheDocument();
    await press(W.remove);
    expect(writes()).toEqual(['DELETE /api/campaigns/41/media/item/6']);
    expect(screen.queryByRole('img', { name: 'Photo 1' })).toBeNull();
  });

  it('shows why a video link was refused under the link', async () => {
    answer('POST /api/campaigns/41/youtube', 422, { error: { code: 'validation_failed', message: 'Bad link', fields: { url: 'Please give a YouTube link' } } });
    await open({ requestedStep: 'images', draft: draftOf({ media: [cover] }) });
    type(W.videoLabel, 'https://vimeo.com/1');
    await press(W.saveVideo);
    expect(bodyOf('POST /api/campaigns/41/youtube')).toEqual({ url: 'https://vimeo.com/1' });
    const link = screen.getByLabelText(W.videoLabel);
    expect(link).toHaveAttribute('aria-invalid', 'true');
    expect(link).toHaveAccessibleDescription('Please give a YouTube link');
  });

  it('will not go on without a cover photo', async () => {
    await open({ requestedStep: 'images' });
    await press(W.next);
    expect(screen.getByText(REVIEW_MESSAGES.cover)).toBeInTheDocument();
    expect(writes()).toEqual([]);
    expect(heading()).toHaveTextContent(W.steps.images.title);
  });

  it('will not go on without each proof document, naming the first missing', async () => {
    await open({ requestedStep: 'documents', draft: draftOf({ documents: [{ id: 1, kind: 'beneficiary_id', uploaded_at: '2026-01-01' }] }) });
    expect(screen.getByTestId('beneficiary_id-state')).toHaveTextContent(W.documents.added);
    expect(screen.getByTestId('medical_estimate-state')).toHaveTextContent(W.documents.notAdded);
    await press(W.next);
    expect(screen.getByText(W.documents.medical_estimateMissing)).toBeInTheDocument();
    expect(writes()).toEqual([]);
    expect(heading()).toHaveTextContent(W.steps.documents.title);
  });
});

describe('the review', () => {
  it('signed out, asks to sign in to send it, and offers no send button', async () => {
    await open({ draft: null, signedIn: false, requestedStep: 'review' });
    expect(screen.getByRole('link', { name: W.signInToContinue })).toHaveAttribute('href', `/new/signin?redirect_uri=${encodeURIComponent(`${BASE}/form?step=review`)}`);
    expect(screen.queryByRole('button', { name: W.submit })).toBeNull();
  });

  it('a draft sent back says why and is sent again; what it lacks is listed, each leading to its step', async () => {
    answer('PUT /api/campaigns/41/publish', 422, { error: { code: 'validation_failed', message: 'Not ready yet', fields: { title: 'Please add a title', other: 'Call us' } } });
    await open({ requestedStep: 'review', draft: draftOf({ status: 'rejected', review_reason: 'The photo is blurry' }) });
    expect(screen.getByRole('status')).toHaveTextContent(`${W.sentBack} The photo is blurry`);
    await press(W.resubmit);
    expect(bodyOf('PUT /api/campaigns/41/publish')).toEqual({});
    const missing = screen.getByRole('alert');
    expect(missing).toHaveTextContent(W.missingTitle);
    expect(within(missing).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Please add a title', 'Call us']);
    expect(within(missing).queryByRole('button', { name: 'Call us' })).toBeNull();
    expect(screen.getByText('Not ready yet')).toBeInTheDocument();
    await act(async () => fireEvent.click(within(missing).getByRole('button', { name: 'Please add a title' })));
    expect(heading()).toHaveTextContent(W.steps.story.title);
    expect(address()).toBe(`${BASE}/form?draft=41&step=story`);
    await waitFor(() => expect(heading()).toHaveFocus());
  });

  it('once sent, says it is under review, with the focus on that', async () => {
    answer('PUT /api/campaigns/41/publish', 200, { data: draftOf({ status: 'under_review' }) });
    await open({ requestedStep: 'review' });
    await press(W.submit);
    expect(heading()).toHaveTextContent(W.underReview.title);
    expect(screen.getByText(W.underReview.text)).toBeInTheDocument();
    await waitFor(() => expect(heading()).toHaveFocus());
    expect(screen.queryByRole('button', { name: W.submit })).toBeNull();
  });

  it('a live fundraiser is not edited: it says so and offers to start another', async () => {
    await open({ draft: draftOf({ status: 'live' }) });
    expect(heading()).toHaveTextContent(W.live.title);
    expect(screen.getByRole('link', { name: W.startAnother })).toHaveAttribute('href', BASE);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
