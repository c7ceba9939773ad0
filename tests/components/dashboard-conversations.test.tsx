// The dashboard's conversations and its end button: ending asks to confirm before anything is sent and keeps
// focus where a keyboard user expects it; a reply is checked before it is sent and the list is refreshed after; the
// story's "Ask for an update" sends signed-out visitors to sign in and tells a second asker they already asked.
import { act, fireEvent, render, screen } from '@testing-library/react';
import en from '@/messages/en.json';
import { EndFundraiser, type EndFundraiserLabels } from '@/components/manage/EndFundraiser';
import { CommentReply, type CommentReplyLabels } from '@/components/manage/CommentReply';
import { AskForUpdate, type AskForUpdateLabels } from '@/components/story/AskForUpdate';
import { CommentReplies } from '@/components/story/CommentReplies';
import { END_MESSAGES, UPDATE_REQUEST_MESSAGES } from '@/lib/validation/dashboard';
import { COMMENT_MAX_LENGTH, UPDATE_REQUEST_MESSAGE_MAX } from '@/lib/constants/story';

const refresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh }) }));
const assign = jest.fn();
// jsdom cannot navigate: record where the button sends the browser
jest.mock('@/components/auth/client-session', () => ({ ...jest.requireActual('@/components/auth/client-session'), goTo: (url: string) => assign(url) }));

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  refresh.mockReset();
  assign.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});
const answer = (status: number, body: unknown) => Promise.resolve({ ok: status < 400, status, json: async () => body } as Response);
const sentBody = (call = 0) => JSON.parse((fetchMock.mock.calls[call][1] as RequestInit).body as string);

const M = en.Manage;
const S = en.Story;
const endLabels: EndFundraiserLabels = M.end;
const replyLabels: CommentReplyLabels = { reply: M.comments.reply, replyTo: M.comments.replyTo, send: M.comments.send, sending: M.comments.sending, sent: M.comments.sent, failed: M.comments.failed };
const askLabels: AskForUpdateLabels = { button: S.askUpdate, message: S.askUpdateMessage, send: S.askUpdateSend, cancel: S.askUpdateCancel, sending: S.askUpdateSending, sent: S.askUpdateSent, already: S.askUpdateAlready, failed: S.loadFailed };

describe('ending a fundraiser early', () => {
  it('asks to confirm first: nothing is sent, focus moves to the question, Cancel and Escape bring it back', async () => {
    render(<EndFundraiser fundraiserId={7} running labels={endLabels} />);
    const start = screen.getByRole('button', { name: M.end.button });
    fireEvent.click(start);
    expect(fetchMock).not.toHaveBeenCalled();
    const question = screen.getByRole('heading', { name: M.end.confirmTitle });
    expect(question).toHaveFocus();
    expect(screen.getByRole('group', { name: M.end.confirmTitle })).toHaveAccessibleDescription(M.end.confirmText);
    fireEvent.click(screen.getByRole('button', { name: M.end.cancel }));
    expect(screen.queryByRole('button', { name: M.end.confirm })).toBeNull();
    expect(screen.getByRole('button', { name: M.end.button })).toHaveFocus();
    // Escape cancels as well
    fireEvent.click(screen.getByRole('button', { name: M.end.button }));
    fireEvent.keyDown(screen.getByRole('button', { name: M.end.confirm }), { key: 'Escape' });
    expect(screen.getByRole('button', { name: M.end.button })).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('ends it on confirmation, says so with focus on the notice, and refreshes the page', async () => {
    fetchMock.mockReturnValueOnce(answer(200, { data: { id: 7, end_date: '2026-03-01T10:00:00.000Z', stage: 'ended' } }));
    const { rerender } = render(<EndFundraiser fundraiserId={7} running labels={endLabels} />);
    fireEvent.click(screen.getByRole('button', { name: M.end.button }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: M.end.confirm })));
    expect(fetchMock).toHaveBeenCalledWith('/api/campaigns/7/end', expect.objectContaining({ method: 'POST' }));
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent(M.end.ended);
    expect(notice).toHaveFocus();
    expect(refresh).toHaveBeenCalled();
    // the refreshed page says it is no longer running: the notice stays
    rerender(<EndFundraiser fundraiserId={7} running={false} labels={endLabels} />);
    expect(screen.getByRole('status')).toHaveTextContent(M.end.ended);
  });

  it("shows the server's refusal in the confirm step and offers nothing for a fundraiser that is not running", async () => {
    fetchMock.mockReturnValueOnce(answer(409, { error: { code: 'conflict', message: END_MESSAGES.notRunning } }));
    const { rerender } = render(<EndFundraiser fundraiserId={7} running labels={endLabels} />);
    fireEvent.click(screen.getByRole('button', { name: M.end.button }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: M.end.confirm })));
    expect(screen.getByRole('alert')).toHaveTextContent(END_MESSAGES.notRunning);
    expect(refresh).not.toHaveBeenCalled();
    rerender(<EndFundraiser fundraiserId={8} running={false} labels={endLabels} />);
    expect(screen.queryByTestId('end-fundraiser')).toBeNull();
  });
});

describe("replying to a comment from the dashboard", () => {
  const open = () => {
    render(<CommentReply fundraiserId={3} commentId={41} authorName="Asha Rao" labels={replyLabels} />);
    fireEvent.click(screen.getByText(M.comments.reply));
    return screen.getByLabelText('Your reply to Asha Rao');
  };

  it('refuses an empty or too long reply before anything is sent, under the field', async () => {
    const field = open();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: M.comments.send })));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Please write a comment');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('maxLength', String(COMMENT_MAX_LENGTH));
  });

  it('posts the reply, clears the field and refreshes the list', async () => {
    fetchMock.mockReturnValueOnce(answer(201, { data: { id: 99, parent_id: 41, update_id: null, body: 'Thank you!', author_name: 'Meena', created_at: '2026-03-01T10:00:00.000Z' } }));
    const field = open();
    fireEvent.change(field, { target: { value: '  Thank you!  ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: M.comments.send })));
    expect(fetchMock).toHaveBeenCalledWith('/api/fundraisers/3/comments/41/replies', expect.objectContaining({ method: 'POST' }));
    expect(sentBody()).toEqual({ comment: 'Thank you!' });
    expect(screen.getByText(M.comments.sent)).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(refresh).toHaveBeenCalled();
  });

  it("shows the server's refusal (a reply to a reply) without refreshing", async () => {
    fetchMock.mockReturnValueOnce(answer(409, { error: { code: 'conflict', message: 'You can reply to a comment, not to a reply' } }));
    const field = open();
    fireEvent.change(field, { target: { value: 'Hello' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: M.comments.send })));
    expect(screen.getByRole('alert')).toHaveTextContent('You can reply to a comment, not to a reply');
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe('"Ask for an update" on the story', () => {
  const openForm = () => {
    render(<AskForUpdate fundraiserId={5} signInHref="/new/signin?redirect_uri=%2Fstories%2Fhelp-asha%23updates" labels={askLabels} />);
    fireEvent.click(screen.getByRole('button', { name: S.askUpdate }));
    return screen.getByLabelText(S.askUpdateMessage);
  };

  it('opens a form with the note focused; Cancel closes it and returns focus to the button', () => {
    const note = openForm();
    expect(note).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: S.askUpdateCancel }));
    expect(screen.getByRole('button', { name: S.askUpdate })).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the note and thanks the asker', async () => {
    fetchMock.mockReturnValueOnce(answer(201, { data: { id: 12, fundraiser_id: 5, message: 'How is she?', answered_at: null, created_at: '2026-03-01T10:00:00.000Z' } }));
    fireEvent.change(openForm(), { target: { value: 'How is she?' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: S.askUpdateSend })));
    expect(fetchMock).toHaveBeenCalledWith('/api/fundraisers/5/ask-for-update', expect.objectContaining({ method: 'POST' }));
    expect(sentBody()).toEqual({ message: 'How is she?' });
    expect(screen.getByText(S.askUpdateSent)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: S.askUpdate })).toBeNull();
  });

  it('an open request already: says they asked before (200); without a note the body is empty', async () => {
    fetchMock.mockReturnValueOnce(answer(200, { data: { id: 12, fundraiser_id: 5, message: null, answered_at: null, created_at: '2026-03-01T10:00:00.000Z' } }));
    openForm();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: S.askUpdateSend })));
    expect(sentBody()).toEqual({});
    expect(screen.getByText(S.askUpdateAlready)).toBeInTheDocument();
  });

  it('a signed-out visitor is sent to sign in, with the way back to the updates', async () => {
    fetchMock.mockReturnValueOnce(answer(401, { error: { code: 'unauthenticated', message: 'Please sign in to ask for an update' } }));
    openForm();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: S.askUpdateSend })));
    expect(assign).toHaveBeenCalledWith('/new/signin?redirect_uri=%2Fstories%2Fhelp-asha%23updates');
  });

  it('a note over the limit is refused before anything is sent', async () => {
    const note = openForm();
    fireEvent.change(note, { target: { value: 'x'.repeat(UPDATE_REQUEST_MESSAGE_MAX + 1) } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: S.askUpdateSend })));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(UPDATE_REQUEST_MESSAGES.message);
  });
});

describe("a campaigner's replies under a comment", () => {
  it("marks each as the campaigner's and shows markup as text", () => {
    render(<CommentReplies locale="en" label={S.campaignerReply} replies={[{ id: 1, body: '<b>Thanks</b> all', author_name: 'Meena', author_avatar: null, created_at: '2026-03-01T10:00:00.000Z' }]} />);
    const list = screen.getByTestId('comment-replies');
    expect(list).toHaveTextContent(S.campaignerReply);
    expect(list).toHaveTextContent('<b>Thanks</b> all');
    expect(list.querySelector('b')).toBeNull();
  });
});
