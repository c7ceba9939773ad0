// The desk's pages ask who is reading before anything else: a staff member whose roles allow the page's capability,
// or a 404 for everyone else (a signed-out visitor too), so the desk is unknown to anyone not on it.
import 'server-only';
import { notFound } from 'next/navigation';
import { getDb } from '@/lib/db/client';
import { requireStaff, type StaffMember } from '@/lib/permissions/staff';
import type { DeskCapability } from '@/lib/constants/desk';
import { currentUser } from '@/components/auth/current-user';

export async function staffForPage(capability: DeskCapability): Promise<StaffMember> {
  const user = await currentUser();
  try {
    return await requireStaff(await getDb(), user, capability);
  } catch {
    notFound();
  }
}
