// The 80G forms: a guest adds PAN and address to a gift from its receipt page (the receipt link's token goes along),
// and an NGO enters its 80G registration. Both check the fields here before anything is sent, as the server does.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { TaxDetailsForm } from '@/components/portfolio/TaxDetailsForm';
import { NgoTaxDetailsForm } from '@/components/tax/NgoTaxDetailsForm';

const refresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh }) }));

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  refresh.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});
const answer = (status: number, body: unknown) => Promise.resolve({ ok: status < 400, status, json: async () => body } as Response);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const sent = () => ({ url: fetchMock.mock.calls[0][0] as string, init: fetchMock.mock.calls[0][1] as RequestInit, body: JSON.parse((fetchMock.mock.calls[0][1] as RequestInit).body as string) });

const LABELS = { heading: 'Add your PAN for the 80G deduction', pan: 'Your PAN', panHelp: '10 characters', address: 'Postal address', save: 'Save PAN and address', saving: 'Saving…', saved: 'Saved.', failed: 'We could not save this.' };

describe('adding a PAN to a gift', () => {
  it('refuses a malformed PAN and a missing address before sending anything', async () => {
    render(<TaxDetailsForm orderId="SHY123" token="999.sig" initial={{ pan: null, address: null }} labels={LABELS} />);
    type('Your PAN', 'ABC12');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save PAN and address' })));
    expect(await screen.findByText('Please enter a valid PAN (like ABCDE1234F)')).toBeInTheDocument();
    expect(screen.getByText('Please enter your postal address')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends PAN, address and the receipt link’s token to the gift, then shows the receipt again', async () => {
    fetchMock.mockReturnValue(answer(200, { data: { saved: true } }));
    render(<TaxDetailsForm orderId="SHY123" token="999.sig" initial={{ pan: null, address: '4 Lake View' }} labels={LABELS} />);
    type('Your PAN', 'abcde1234f');
    type('Postal address', '4 Lake View, Pune');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save PAN and address' })));
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(sent().url).toBe('/api/orders/SHY123/tax-details');
    expect(sent().init.method).toBe('PUT');
    expect(sent().body).toEqual({ panNumber: 'ABCDE1234F', address: '4 Lake View, Pune', receipt_token: '999.sig' });
    expect(screen.getByRole('status')).toHaveTextContent('Saved.');
  });
});

describe('an NGO’s 80G registration', () => {
  const labels = { registration_80g: 'URN', registrationHelp: 'As issued', registration_80g_valid_until: 'Valid until', validUntilHelp: 'Last day', registration_80g_issued_on: 'Issued on', pan_number: 'NGO PAN', address: 'Address', city: 'City', save: 'Save', saving: 'Saving…', saved: 'Saved.', failed: 'Failed.' };

  it('shows the server’s field message, and sends a cleared field as null', async () => {
    fetchMock.mockReturnValueOnce(answer(422, { error: { code: 'validation_failed', message: 'bad', fields: { registration_80g: 'Please enter the 80G registration number (URN) as the tax portal issued it' } } }));
    render(<NgoTaxDetailsForm entityId={7} initial={{ registration_80g: 'AAATA1234FF20214', registration_80g_valid_until: '2030-03-31', registration_80g_issued_on: '2021-05-28', pan_number: 'AAATA1234F', address: '12 MG Road', city: 'Bengaluru' }} labels={labels} />);
    type('City', '');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await screen.findByText('Please enter the 80G registration number (URN) as the tax portal issued it');
    expect(sent().url).toBe('/api/ngos/7/tax-details');
    expect(sent().body).toEqual({ registration_80g: 'AAATA1234FF20214', registration_80g_valid_until: '2030-03-31', registration_80g_issued_on: '2021-05-28', pan_number: 'AAATA1234F', address: '12 MG Road', city: null });
    expect(refresh).not.toHaveBeenCalled();
  });
});
