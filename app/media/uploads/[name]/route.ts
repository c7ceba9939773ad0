import { uploadResponse } from '@/lib/media/uploads';

// uploaded pictures (issue "Media"), stored on disk or in S3 under keys we generated; this static segment wins over /media/[...path]
export async function GET(_request: Request, { params }: { params: Promise<{ name: string }> }) {
  return uploadResponse((await params).name);
}
