import { avatarResponse } from '@/lib/portfolio/avatar';
import { route } from '@/lib/api/route';

// uploaded profile pictures, stored under DATA_DIR with random names; the rest of /media is generated art
export const GET = route({ who: 'anyone', database: false }, async ({ params }) => avatarResponse(params.name));
