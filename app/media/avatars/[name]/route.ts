import { avatarResponse } from '@/lib/portfolio/avatar';

// uploaded profile pictures (issue 5), stored under DATA_DIR with random names; the rest of /media is generated art
export async function GET(_request: Request, { params }: { params: Promise<{ name: string }> }) {
  return avatarResponse((await params).name);
}
