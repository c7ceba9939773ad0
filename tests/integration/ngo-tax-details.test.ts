// An NGO enters its 80G registration (URN), its validity, PAN and address; its own people only. A gift settled after
// prints them on its 80G receipt, and a registration that has run out numbers no more receipts.
import { GET as detailsGet, PUT as detailsPut } from '@/app/api/ngos/[id]/tax-details/route';
import type { Db } from '@/lib/db/client';
import { memberships } from '@/lib/db/schema';
import { taxReceiptDocument } from '@/lib/tax/receipt-document';
import { call, closeDb } from '../helpers/db';
import { signedIn } from '../helpers/auth';
import { freshDb, makeGift, makeNgo, makeNgoFundraiser, makeUser } from '../factories';

let db: Db;
beforeAll(async () => {
  db = await freshDb();
});
afterAll(closeDb);

const cookie = async (userId: number) => ({ cookie: (await signedIn(db, userId)).cookie });
const put = async (entityId: number, userId: number | null, body: unknown) =>
  call(detailsPut, `/api/ngos/${entityId}/tax-details`, { id: String(entityId) }, { method: 'PUT', body: JSON.stringify(body), headers: { 'content-type': 'application/json', origin: 'http://localhost', ...(userId ? await cookie(userId) : {}) } });

describe('an NGO’s 80G registration details', () => {
  it('are saved by its owner and members, printed on the next 80G receipt, and cleared by a blank field', async () => {
    const ngo = await makeNgo(db, { full_name: 'Annapurna Foundation' }, { has_80g: true });
    const member = await makeUser(db, 'NGO Accountant');
    await db.insert(memberships).values({ user_id: member.id, scope: 'entity', scope_id: ngo.entity.id, role: 'member' });
    const saved = await put(ngo.entity.id, ngo.user.id, { registration_80g: 'aaata1234ff20214', registration_80g_valid_until: '2030-03-31', pan_number: 'aaata1234f', address: '12 MG Road, Indiranagar', city: 'Bengaluru' });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ registration_80g: 'AAATA1234FF20214', registration_80g_valid_until: '2030-03-31', pan_number: 'AAATA1234F', address: '12 MG Road, Indiranagar', city: 'Bengaluru' });
    expect((await put(ngo.entity.id, member.id, { city: '' })).body.data.city).toBeNull();
    expect((await put(ngo.entity.id, member.id, { city: 'Bengaluru' })).status).toBe(200);

    const f = await makeNgoFundraiser(db, { taxexempted: true }, ngo);
    const { order } = await makeGift(db, f.id, { cart: { pan: 'ABCPR1234K' } });
    expect((await taxReceiptDocument(db, order.order_id))!.ngo).toEqual({ name: 'Annapurna Foundation', address: '12 MG Road, Indiranagar, Bengaluru', pan: 'AAATA1234F', registration80g: 'AAATA1234FF20214', validUntil: '2030-03-31' });

    // a registration that has run out: the next gift earns no 80G receipt
    await put(ngo.entity.id, ngo.user.id, { registration_80g_valid_until: '2021-03-31' });
    const { order: later } = await makeGift(db, f.id, { cart: { pan: 'ABCPR1234K' } });
    expect(await taxReceiptDocument(db, later.order_id)).toBeNull();
  });

  it('answers 404 to anyone else, and refuses what is no URN, PAN or date with the field’s message', async () => {
    const ngo = await makeNgo(db, { full_name: 'Vidya Trust' });
    const stranger = await makeUser(db, 'Someone Else');
    expect((await put(ngo.entity.id, stranger.id, { city: 'Pune' })).status).toBe(404);
    expect((await call(detailsGet, `/api/ngos/${ngo.entity.id}/tax-details`, { id: String(ngo.entity.id) }, { headers: await cookie(stranger.id) })).status).toBe(404);
    expect((await put(ngo.entity.id, null, { city: 'Pune' })).status).toBe(401);
    const bad = await put(ngo.entity.id, ngo.user.id, { registration_80g: '80G/1', pan_number: 'ABC', registration_80g_valid_until: '31-03-2030' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['pan_number', 'registration_80g', 'registration_80g_valid_until']);
    expect((await call(detailsGet, `/api/ngos/${ngo.entity.id}/tax-details`, { id: String(ngo.entity.id) }, { headers: await cookie(ngo.user.id) })).body.data).toMatchObject({ name: 'Vidya Trust', registration_80g: null });
  });
});
