// The screening of a fundraiser's title and story for the reviewer, and the story sanitiser's pictures.
import { screenFundraiserText, type ScreeningFlag } from '@/lib/content/screening';
import { sanitizeStoryHtml } from '@/lib/content/sanitize';

const ours = (host: string) => host === 'sahyog.in' || host.endsWith('.sahyog.in') || host === 'localhost';
const kinds = (flags: ScreeningFlag[]) => flags.map((f) => `${f.field}:${f.kind}:${f.found}`).sort();

describe('screenFundraiserText', () => {
  it('flags the "official donation page" of the issue: outside links and images, a UPI ID, a phone number', () => {
    const flags = screenFundraiserText(
      {
        title: 'Help Ravi: official donation page',
        story:
          '<p>Pay directly to ravi.help@okaxis or call 98450 67123.</p><p><a href="https://sahyog-login.example.com/signin">Sign in here</a> to confirm.</p><img src="https://tracker.example.net/pixel.gif">',
      },
      ours,
    );
    expect(kinds(flags)).toEqual([
      'story:outside_image:https://tracker.example.net/pixel.gif',
      'story:outside_link:https://sahyog-login.example.com/signin',
      'story:phone_number:98450 67123',
      'story:upi_id:ravi.help@okaxis',
    ]);
  });

  it('flags bank details, a bare web address and a +country phone in a title or story', () => {
    const flags = screenFundraiserText({ title: 'Send to A/C 50100234567890 IFSC HDFC0001234', story: '<p>More at www.help-ravi.com or +44 20 7946 0958.</p>' }, ours);
    expect(kinds(flags)).toEqual(['story:outside_link:www.help-ravi.com', 'story:phone_number:+44 20 7946 0958', 'title:bank_details:50100234567890', 'title:bank_details:HDFC0001234']);
  });

  it('lets an ordinary story pass: our own links and pictures, amounts, dates, an email address', () => {
    const story = '<p>Ravi needs ₹5,00,000 by 12-03-2026 for surgery at Apollo; 3 operations in 2025.</p><p><a href="/stories/help-ravi">his first fundraiser</a>, <a href="https://www.sahyog.in/about-us">about us</a>. Write to family@example.com.</p><img src="/media/uploads/abc-story.webp">';
    expect(screenFundraiserText({ title: 'Help Ravi walk again', story }, ours)).toEqual([]);
  });
});

describe('sanitizeStoryHtml pictures', () => {
  it("keeps only the platform's own uploads: an outside or protocol-relative picture is removed", () => {
    const html = sanitizeStoryHtml('<p>a</p><img src="https://tracker.example.net/p.gif"><img src="//evil.example/x.png"><img src="/media/uploads/k-story.webp" alt="Ravi"><img src="/api/x">');
    expect(html).toBe('<p>a</p><img src="/media/uploads/k-story.webp" alt="Ravi" loading="lazy" decoding="async" />');
  });
});
