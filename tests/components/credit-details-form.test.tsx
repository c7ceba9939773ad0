// The claim account form asks for a code, then sends the code with the request it answers (the shared
// schema refuses a code without its request id, so the form must hold it).
import { act, fireEvent, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { CreditDetailsForm } from '@/components/insurance/CreditDetailsForm';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});
const answer = (status: number, body: unknown) => Promise.resolve({ ok: status < 400, status, json: async () => body, headers: new Headers({ 'content-type': 'application/json' }) } as Response);
const C = en.Insurance.credit;

it('sends the details, then the code with its request id', async () => {
  fetchMock.mockReturnValueOnce(answer(202, { data: { request_id: 'req-123456789', sent_to: 'email' } })).mockReturnValueOnce(answer(422, { error: { code: 'validation_failed', message: 'The code is not right', fields: { otp: 'The code is not right' } } }));
  render(
    <NextIntlClientProvider locale="en" messages={{ Insurance: en.Insurance }}>
      <CreditDetailsForm policyId={7} locale="en" />
    </NextIntlClientProvider>,
  );
  fireEvent.change(screen.getByLabelText(C.holder), { target: { value: 'Kavya Menon' } });
  fireEvent.change(screen.getByLabelText(C.number), { target: { value: '123456789012' } });
  fireEvent.change(screen.getByLabelText(C.confirm), { target: { value: '123456789012' } });
  fireEvent.change(screen.getByLabelText(C.ifsc), { target: { value: 'SBIN0001234' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: C.sendCode })));
  expect(fetchMock).toHaveBeenCalledTimes(1);
  fireEvent.change(screen.getByLabelText(C.code), { target: { value: '123456' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: C.confirmCode })));
  expect(fetchMock).toHaveBeenCalledTimes(2);
  expect(JSON.parse(fetchMock.mock.calls[1][1].body)).toMatchObject({ account_number: '123456789012', otp: '123456', request_id: 'req-123456789' });
});
