// UPI AutoPay names the UPI IDs it takes when it refuses one, and the mandate's cap that the bank's page
// shows ("up to ₹1,500" for ₹500 a month) is explained on the form, before the donor gets there.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { SubscribeForm, type SubscribeLabels } from '@/components/sip/SubscribeForm';
import { SIP_CURRENCIES, SIP_UPI_HANDLE_LIST } from '@/lib/sip/rules';
import { currencyPickerOptions } from '@/lib/money';
import { fillTemplate } from '@/lib/i18n/fill';

const T = en.SipSubscribe;
const labels: SubscribeLabels = {
  causes: T.causes,
  causesHint: T.causesHint,
  amountFor: T.amountFor,
  presetsFor: T.presetsFor,
  currency: T.currency,
  method: T.method,
  methods: T.methods,
  vpa: T.vpa,
  vpaHint: T.vpaHint,
  vpaError: fillTemplate(T.vpaError, { handles: SIP_UPI_HANDLE_LIST }),
  capNote: T.capNote,
  total: T.total,
  rounded: T.rounded,
  submit: T.submit,
  submitting: T.submitting,
  failed: T.failed,
  pickCause: T.pickCause,
  causeNames: { medical: 'Medical', animals: 'Animals' },
};

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});

function show() {
  return render(
    <NextIntlClientProvider locale="en" messages={{}}>
      <SubscribeForm labels={labels} currencyOptions={currencyPickerOptions(SIP_CURRENCIES)} existing={[]} defaultCause="medical" defaultAmount={500} />
    </NextIntlClientProvider>,
  );
}

it('explains the cap the bank page will show: three times the monthly gift, and only the gift is debited', () => {
  show();
  expect(screen.getByTestId('sip-cap')).toHaveTextContent("Your bank's page will show a limit of up to ₹1,500 a month: 3 times your ₹500, so you can raise your monthly gift later without authorising again. Only ₹500 is debited each month.");
  fireEvent.change(screen.getByLabelText('Monthly amount for Medical'), { target: { value: '1000' } });
  expect(screen.getByTestId('sip-cap')).toHaveTextContent('up to ₹3,000 a month');
});

it('refuses a UPI ID of another handle, naming the handles that work, and sends nothing', async () => {
  show();
  fireEvent.click(screen.getByLabelText(T.methods.UPIRECURRING));
  fireEvent.change(screen.getByLabelText(T.vpa), { target: { value: 'meera@okbizaxis' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: T.submit })));
  const error = document.getElementById('sip-vpa-error');
  expect(error).toHaveTextContent('This UPI ID cannot be used for UPI AutoPay. It works with UPI IDs ending in: @upi, @ybl, @axl, @ibl, @apl, @okhdfcbank, @okaxis, @okicici, @oksbi, @ptyes, @ptaxis, @ptsbi, @pthdfc');
  expect(fetchMock).not.toHaveBeenCalled();
});
