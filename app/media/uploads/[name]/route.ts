import { uploadResponse } from '@/lib/media/uploads';
import { route } from '@/lib/api/route';

// uploaded pictures (issue "Media"), stored on disk or in S3 under keys we generated; this static segment wins over /media/[...path]
export const GET = route({ who: 'anyone', database: false }, async ({ params }) => uploadResponse(params.name));
