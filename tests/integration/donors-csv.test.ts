// The dashboard's donors and their CSV. Only the fundraiser's people download it; a donor who gave
// anonymously is "Anonymous" there too; every cell a spreadsheet would run as a formula is defused.
import { eq } from 'drizzle-orm';
import { GET as csvRoute } from '@/app/api/campaigns/[id]/donors.csv/route';
import { getDb, closeDb, type Db } from '@/lib/db/client';
import { carts, orders, rewards } from '@/lib/db/schema';
import { recentDonations } from '@/lib/fundraisers/donor-list';
import { acknowledgeDonation } from '@/lib/fundraisers/acknowledge';
import { makeFundraiser, makeOrder, makeUser } from '../factories';
import { signedIn } from '../helpers/auth';
import { call } from '../helpers/db';

let db: Db;
let seq = 0;
const run = Date.now().toString(36);
beforeAll(async () => {
  db = await getDb();
});
afterAll(closeDb);

async function person(name: string) {
  const u = await makeUser(db, name);
  const { cookie } = await signedIn(db, u.id);
  return { ...u, headers: { cookie } as Record<string, string> };
}
const download = (headers: Record<string, string>, id: number) => call(csvRoute, `/api/campaigns/${id}/donors.csv`, { id: String(id) }, { headers });

async function gift(fundraiserId: number, o: { name: string; minor?: number; anonymous?: boolean; status?: 'success' | 'failed'; rewardId?: number; currency?: string }) {
  const n = ++seq;
  const minor = o.minor ?? 50_000;
  const [cart] = await db
    .insert(carts)
    .values({ fundraiser_id: fundraiserId, currency: o.currency ?? 'INR', donated_amount_minor: minor, donated_amount_inr_minor: minor, donor_name: o.name, donor_email: `csv.${run}.${n}@example.com`, is_anonymous: o.anonymous ?? false, reward_id: o.rewardId ?? null })
    .returning();
  const orderId = `SHYCSV${run}${n}`.toUpperCase();
  await makeOrder(db, { order_id: orderId, cart_id: cart.id, fundraiser_id: fundraiserId, payment_mode: 'UPI', payment_gateway: 'sandbox', iso_currency: o.currency ?? 'INR', donated_amount_minor: minor, credited_amount_minor: minor, status: o.status ?? 'success' });
  return orderId;
}

// a tiny reader for the tests: quoted cells with doubled quotes, rows ending in CRLF
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  return rows;
}

describe('GET /api/campaigns/{id}/donors.csv', () => {
  it('lists every successful donation; anonymous donors stay anonymous; formulas are defused', async () => {
    const campaigner = await person('Csv Campaigner');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
    const other = await makeFundraiser(db);
    const [reward] = await db.insert(rewards).values({ fundraiser_id: f.id, title: '=HYPERLINK("http://evil.example","Postcard")', min_amount_minor: 10_000 }).returning();
    const named = await gift(f.id, { name: 'Asha Rao, Pune', minor: 123_456, rewardId: reward.id });
    const hidden = await gift(f.id, { name: `Secret Giver ${run}`, anonymous: true });
    const formula = await gift(f.id, { name: '@SUM(A1:A9)', currency: 'USD', minor: 2_500 });
    const dash = await gift(f.id, { name: '-2+3' });
    await gift(f.id, { name: 'Failed Donor', status: 'failed' });
    await gift(other.id, { name: 'Elsewhere Donor' });
    await acknowledgeDonation(db, campaigner, f.id, named, { message: 'Thank you, Asha' });

    const r = await download(campaigner.headers, f.id);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toBe(`attachment; filename="donors-${f.custom_tag}.csv"`);
    expect(r.headers.get('cache-control')).toContain('no-store');
    const text = r.body as string;
    expect(text).not.toContain('Secret Giver');
    expect(text).not.toMatch(/Failed Donor|Elsewhere Donor/);
    const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
    expect(header).toEqual(['date', 'order_id', 'name', 'amount', 'currency', 'reward', 'acknowledged']);
    const byOrder = Object.fromEntries(rows.map((row) => [row[1], row]));
    expect(rows).toHaveLength(4);
    expect(byOrder[named]).toEqual([expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), named, 'Asha Rao, Pune', '1234.56', 'INR', `'=HYPERLINK("http://evil.example","Postcard")`, 'yes']);
    expect(byOrder[hidden].slice(2)).toEqual(['Anonymous', '500.00', 'INR', '', 'no']);
    expect(byOrder[formula].slice(2, 5)).toEqual(["'@SUM(A1:A9)", '25.00', 'USD']);
    expect(byOrder[dash][2]).toBe("'-2+3");
    // newest first
    expect(rows.map((row) => row[1])).toEqual([dash, formula, hidden, named]);
  });

  it("refuses a stranger's session and a signed-out call", async () => {
    const campaigner = await person('Csv Owner');
    const stranger = await person('Csv Stranger');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
    await gift(f.id, { name: `Private Donor ${run}` });
    const refused = await download(stranger.headers, f.id);
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.body)).not.toContain('Private Donor');
    expect((await download({}, f.id)).status).toBe(401);
    expect((await download(campaigner.headers, f.id)).status).toBe(200);
  });
});

describe("the dashboard's donors", () => {
  it('lists recent successful donations with name (or none when anonymous), reward and thank-you', async () => {
    const campaigner = await person('List Campaigner');
    const stranger = await person('List Stranger');
    const f = await makeFundraiser(db, { campaigner_id: campaigner.id });
    const [reward] = await db.insert(rewards).values({ fundraiser_id: f.id, title: 'Postcard', min_amount_minor: 10_000 }).returning();
    const a = await gift(f.id, { name: 'Ravi Kumar', rewardId: reward.id });
    const b = await gift(f.id, { name: 'Hidden Name', anonymous: true });
    await acknowledgeDonation(db, campaigner, f.id, b, { message: 'Thank you, kind stranger' });
    const list = await recentDonations(db, campaigner, f.id);
    expect(list.map((d) => [d.order_id, d.name, d.anonymous, d.reward, d.acknowledgement])).toEqual([
      [b, null, true, null, 'Thank you, kind stranger'],
      [a, 'Ravi Kumar', false, 'Postcard', null],
    ]);
    await expect(recentDonations(db, stranger, f.id)).rejects.toMatchObject({ status: 404 });
    // the anonymous donor's real name is in the database, not in what the dashboard gets
    const [cart] = await db.select({ name: carts.donor_name }).from(carts).innerJoin(orders, eq(orders.cart_id, carts.id)).where(eq(orders.order_id, b));
    expect(cart.name).toBe('Hidden Name');
    expect(JSON.stringify(list)).not.toContain('Hidden Name');
  });
});
