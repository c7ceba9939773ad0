// The thank-you page offers the insurance plans, never pre-selected: no plan is chosen (and none is named on
// the way on) until the donor picks one.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';

// next-intl's server API needs a request; here it answers from the real messages of the asked locale
jest.mock('next-intl/server', () => ({
  getTranslations: async ({ locale, namespace }: { locale: string; namespace: string }) => createTranslator({ locale, messages: locale === 'hi' ? hi : en, namespace: namespace as never }),
}));

// imported after the mock
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ThankYouInsuranceOffer } = require('@/components/insurance/ThankYouInsuranceOffer') as typeof import('@/components/insurance/ThankYouInsuranceOffer');

async function showOffer(locale = 'en') {
  render(await ThankYouInsuranceOffer({ locale }));
  return screen.getByTestId('insurance-offer');
}

describe('the insurance offer on the thank-you page', () => {
  it('offers the six plans of spec 9 with their premiums, none of them chosen', async () => {
    const offer = await showOffer();
    const plans = within(offer).getAllByRole('radio');
    expect(plans).toHaveLength(6);
    for (const plan of plans) expect(plan).not.toBeChecked();
    expect(offer.querySelector('.plan-tile.selected')).toBeNull();
    expect(within(offer).getByRole('radio', { name: /Care Plus \(yearly\).*₹1,599\u2069? a year/ })).not.toBeChecked();
    expect(within(offer).getByRole('radio', { name: /Essentials Plus \(yearly\).*₹3,999\u2069? a year/ })).not.toBeChecked();
    // the sentence names the cheapest yearly and monthly premiums
    expect(offer).toHaveTextContent(/from\s*\u2068?₹799\u2069? a year or \u2068?₹99\u2069? a month/);
    // the only way on names no plan: nothing is carried to the plans page either
    expect(within(offer).queryByTestId('insurance-offer-continue')).toBeNull();
    const links = within(offer).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/insurance']);
  });

  it('chooses a plan only when the donor picks it, and only then carries it to the plans page', async () => {
    const offer = await showOffer();
    const monthly = within(offer).getByRole('radio', { name: /Care Plus \(monthly\)/ });
    fireEvent.click(monthly);
    expect(monthly).toBeChecked();
    expect(within(offer).getAllByRole('radio').filter((r) => (r as HTMLInputElement).checked)).toEqual([monthly]);
    expect(within(offer).getByTestId('insurance-offer-continue')).toHaveAttribute('href', '/insurance?plan=care_plus_monthly');
  });

  it('speaks the page language and links to the plans page in it, still with nothing chosen', async () => {
    const offer = await showOffer('hi');
    expect(within(offer).getByRole('heading', { level: 2 })).toHaveTextContent(hi.Insurance.offer.title);
    for (const plan of within(offer).getAllByRole('radio')) expect(plan).not.toBeChecked();
    expect(within(offer).getByRole('link', { name: hi.Insurance.offer.all })).toHaveAttribute('href', '/hi/insurance');
  });
});
