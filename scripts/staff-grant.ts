// npm run staff:grant -- <email> <support|finance|admin>: gives an existing account a staff role. The first admin is
// made this way; every later grant is made by an admin on the desk (/desk/staff), where it is audited.
import { closeDb, getDb } from '../lib/db/client';
import { grantStaffRole } from '../lib/desk/staff';
import { isStaffRole } from '../lib/permissions/staff';
import { STAFF_ROLES } from '../lib/constants/desk';

async function main() {
  const [email, role] = process.argv.slice(2);
  if (!email || !role || !isStaffRole(role)) {
    console.error(`usage: npm run staff:grant -- <email> <${STAFF_ROLES.join('|')}>`);
    process.exit(2);
  }
  const db = await getDb();
  const { userId, granted } = await grantStaffRole(db, null, email, role);
  await closeDb();
  console.log(granted ? `user ${userId} (${email}) is now ${role}` : `user ${userId} (${email}) was already ${role}`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
