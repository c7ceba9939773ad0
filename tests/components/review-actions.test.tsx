import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import en from '@/messages/en.json';
import { ReviewActions, type ReviewActionLabels } from '@/components/review/ReviewActions';
import { ReviewDecisionSchema } from '@/lib/validation/drafts';

const R = en.Review;
const REASON_MIN = ReviewDecisionSchema.options[1].shape.reason.minLength!;
const labels: ReviewActionLabels = {
  approve: R.approve,
  approveHint: R.approveHint,
  sendBackHeading: R.sendBackHeading,
  reason: R.reason,
  reasonHint: R.reasonHint,
  reasonTooShort: R.reasonTooShort.replace('{min}', String(REASON_MIN)),
  sendBack: R.sendBack,
  sending: R.sending,
  approved: R.approved,
  sentBack: R.sentBack,
  viewStory: R.viewStory,
  failed: R.failed,
};

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});
const answer = (status: number, body: unknown) => Promise.resolve({ ok: status < 400, status, json: async () => body } as Response);
const sentBody = () => JSON.parse(fetchMock.mock.calls[0][1].body as string);

describe('a reviewer decides on a fundraiser under review', () => {
  it('approve: posts the decision, then says the fundraiser is live with a link to its story in the page language', async () => {
    fetchMock.mockReturnValueOnce(answer(200, { data: { id: 42, status: 'live', custom_tag: 'help-aarav-beat-blood-cancer' } }));
    render(
      <ReviewActions fundraiserId={42} localePrefix="/hi" labels={labels}>
        <p>{R.statuses.under_review}</p>
      </ReviewActions>,
    );
    expect(screen.getByText(R.statuses.under_review)).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Approve' })));
    expect(fetchMock).toHaveBeenCalledWith('/api/reviews/42', expect.objectContaining({ method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' } }));
    expect(sentBody()).toEqual({ decision: 'approve' });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Approved: the fundraiser is live');
    expect(screen.getByRole('link', { name: 'View the story' })).toHaveAttribute('href', '/hi/stories/help-aarav-beat-blood-cancer');
    // decided once: the actions and the page's 'Waiting for review' are gone
    expect(screen.queryByText(R.statuses.under_review)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send back' })).toBeNull();
  });

  it("send back: the server's message for the reason is shown under the field, tied to it", async () => {
    const message = 'Please write the reason in words the campaigner can act on';
    fetchMock.mockReturnValueOnce(answer(422, { error: { code: 'validation_failed', message: 'Invalid request', fields: { reason: message } } }));
    render(<ReviewActions fundraiserId={7} localePrefix="" labels={labels} />);
    const reason = screen.getByLabelText('Reason for sending back');
    expect(reason).toBeRequired();
    fireEvent.change(reason, { target: { value: 'Please add the hospital estimate letter.' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send back' })));
    expect(sentBody()).toEqual({ decision: 'send_back', reason: 'Please add the hospital estimate letter.' });
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.getByRole('status')).not.toHaveTextContent(R.sentBack);
    expect(screen.getByRole('button', { name: 'Send back' })).toBeEnabled();
  });

  it('send back: a reason under the minimum is refused before anything is sent; a good one is confirmed', async () => {
    fetchMock.mockReturnValueOnce(answer(200, { data: { id: 7, status: 'rejected', custom_tag: null } }));
    render(<ReviewActions fundraiserId={7} localePrefix="" labels={labels} />);
    const reason = screen.getByLabelText('Reason for sending back');
    fireEvent.change(reason, { target: { value: '  too short ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send back' })));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(`at least ${REASON_MIN} characters`);
    fireEvent.change(reason, { target: { value: 'The cover photo is blurred, please add a clearer one.' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send back' })));
    expect(screen.getByRole('status')).toHaveTextContent('Sent back to the campaigner');
  });

  it('both buttons are disabled while the decision is being sent, and come back on a failure with its message', async () => {
    let reply: (r: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (reply = resolve)));
    render(<ReviewActions fundraiserId={9} localePrefix="" labels={labels} />);
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Send back' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent(R.sending);
    // a second press does nothing while the first is on its way
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => reply({ ok: false, status: 409, json: async () => ({ error: { code: 'conflict', message: 'This fundraiser is not waiting for your review' } }) } as Response));
    expect(screen.getByRole('alert')).toHaveTextContent('This fundraiser is not waiting for your review');
    expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Send back' })).toBeEnabled();
  });
});
