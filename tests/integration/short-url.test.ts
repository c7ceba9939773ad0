import { POST as shorten } from '@/app/api/short-url/route';
import { GET as follow } from '@/app/s/[code]/route';
import { whiteLabelDomains } from '@/lib/db/schema';
import { parseShortCode, shortCode } from '@/lib/story/short-link';
import { call, closeDb } from '../helpers/db';
import { freshDb, makeFundraiser } from '../factories';

afterAll(closeDb);

describe('short share links (spec 7 POST short URL)', () => {
  it('answers data.short_url on the request host and leads to the story with utm fields', async () => {
    const db = await freshDb();
    // the request host is a partner's: links stay on it only because it is an active white-label domain
    await db.insert(whiteLabelDomains).values({ host: 'give.example.org', name: 'Give Example' }).onConflictDoNothing();
    const f = await makeFundraiser(db);
    const { status, body } = await call(shorten, '/api/short-url', {}, { method: 'POST', headers: { 'content-type': 'application/json', host: 'give.example.org' }, body: JSON.stringify({ fundraiser_id: f.id, channel: 'whatsapp' }) });
    expect(status).toBe(200);
    expect(body.data.short_url).toBe(`https://give.example.org/s/${f.id.toString(36)}w`);
    const code = body.data.short_url.split('/').pop();
    const res = await call(follow, `/s/${code}`, { code }, { headers: { host: 'give.example.org' } });
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe(`https://give.example.org/stories/${encodeURIComponent(f.custom_tag)}?utm_source=whatsapp&utm_medium=share&utm_campaign=${encodeURIComponent(f.custom_tag)}`);
  });
  it('rejects codes nobody issued', async () => {
    expect((await call(follow, '/s/x', { code: 'zzzzzzzzz' })).status).toBe(404);
    expect((await call(follow, '/s/x', { code: '99999w' })).status).toBe(404);
    expect(parseShortCode(shortCode(123456, 'copy'))).toEqual({ fundraiserId: 123456, channel: 'copy' });
  });
});
