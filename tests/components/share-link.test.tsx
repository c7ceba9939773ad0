import { fireEvent, render, screen } from '@testing-library/react';
import { ShareLink } from '@/components/story/ShareLink';

// share clicks are counted for the campaigner's dashboard
it('a share link sends a share_click beacon for its fundraiser and channel, and still opens the share', async () => {
  const beacon = jest.fn((_url: string, _data: Blob) => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
  render(
    <ShareLink href="https://wa.me/?text=hi" fundraiserId={42} channel="whatsapp" testId="share-whatsapp">
      WhatsApp
    </ShareLink>,
  );
  const link = screen.getByRole('link', { name: 'WhatsApp' });
  expect(link).toHaveAttribute('href', 'https://wa.me/?text=hi');
  fireEvent.click(link);
  expect(beacon).toHaveBeenCalledTimes(1);
  const [url, blob] = beacon.mock.calls[0];
  expect(url).toBe('/api/actions/collect');
  // jsdom's Blob has no text(): read it as the browser would hand it to the network
  const text = await new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
  expect(JSON.parse(text)).toMatchObject({ event_name: 'share_click', event_type: 'fundraiser', event_type_id: '42', info_2: 'whatsapp' });
});
