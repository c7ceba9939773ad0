// Pictures: what an upload may be, how it is stored and re-encoded, share previews, and the image work queue
// (spec 5, 9). The home page's browser code reads this file (IMAGE_WIDTHS): it imports nothing.

/** spec 9: picture widths pages choose from (srcset): a 96 px thumbnail, phone cards at 1x-3x, the story's picture */
export const IMAGE_WIDTHS = [240, 480, 800, 1200] as const;

// spec 5: what an upload may be
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'bmp', 'gif', 'png'] as const;
/** room for the multipart envelope around an image of IMAGE_MAX_BYTES; a bigger body is refused unread */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** bytes read from the start of a file to recognise an image by its content */
export const IMAGE_SNIFF_BYTES = 32;
/** the most pixels a picture may have before it is decoded (a small file can unpack to gigabytes); 48 MP phone photos fit */
export const MEDIA_MAX_INPUT_PIXELS = 50_000_000;

// Stored pictures, decoded and stored again without their metadata
/** stored pictures live in DATA_DIR/uploads (or under uploads/ in the S3 bucket) and are served at /media/uploads/{key} */
export const MEDIA_UPLOAD_DIR_NAME = 'uploads';
export const MEDIA_UPLOAD_URL_PREFIX = '/media/uploads/';
/** one random id of this many bytes names every size of an upload: {id}-{variant}.{ext} */
export const MEDIA_UPLOAD_ID_BYTES = 16;
/** S3_REGION when unset; S3-compatible services (R2, MinIO) accept any region name */
export const MEDIA_S3_DEFAULT_REGION = 'us-east-1';
/** avatars uploaded before the media pipeline live in DATA_DIR/avatars, served at /media/avatars/{random name}; new ones are media uploads */
export const AVATAR_DIR_NAME = 'avatars';
export const AVATAR_URL_PREFIX = '/media/avatars/';
export const AVATAR_NAME_BYTES = 16;

/** share previews (og:image): social apps show rasters, not SVG, at 1.91:1 */
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;
export const SHARE_IMAGE_QUALITY = 82;
/** made once per fundraiser image, kept under DATA_DIR */
export const SHARE_IMAGE_DIR_NAME = 'share-images';

// The sizes an upload is kept at
/** fundraiser card (600 px wide), story picture (1200 px wide at most, never enlarged), share preview (1200x630) */
export const MEDIA_CARD_WIDTH = 600;
export const MEDIA_STORY_WIDTH = 1200;
export const MEDIA_SHARE_WIDTH = SHARE_IMAGE_WIDTH;
export const MEDIA_SHARE_HEIGHT = SHARE_IMAGE_HEIGHT;
/** profile pictures: one square */
export const MEDIA_AVATAR_SIZE = 256;
export const MEDIA_WEBP_QUALITY = 80;
export const MEDIA_JPEG_QUALITY = SHARE_IMAGE_QUALITY;
/** a share preview of a transparent picture gets this behind it (JPEG has no transparency) */
export const MEDIA_SHARE_BACKGROUND = '#ffffff';

/** rasters drawn from the demo's pictures, kept under DATA_DIR */
export const IMAGE_CACHE_DIR_NAME = 'image-cache';
export const IMAGE_WEBP_QUALITY = 72;

// Image work (decoding and resizing uploads, drawing the demo's rasters) runs in one queue per server, of bounded
// concurrency (lib/media/image-work.ts), with a budget across accounts: past it an upload is refused with 429
/** cores left to answer requests while pictures are decoded: image work runs on the others, one picture per core */
export const IMAGE_WORK_SPARE_CORES = 1;
/** libuv's own thread pool size, kept for file reads, scrypt, zlib and DNS beside the threads image work takes */
export const THREAD_POOL_OTHER_WORK = 4;
/** pixels of the uploads in image work (decoding or waiting) per worker: four of the largest pictures we take */
export const IMAGE_WORK_PIXELS_PER_WORKER = 4 * MEDIA_MAX_INPUT_PIXELS;
/** uploads in image work per worker, whatever their size (each waits with its file, up to 10 MB, in memory) */
export const IMAGE_WORK_UPLOADS_PER_WORKER = 8;
/** one account's uploads in image work at once: the rest of the budget stays for everyone else */
export const IMAGE_WORK_UPLOADS_PER_ACCOUNT = 2;
/** what one upload's image work is taken to last until the server has timed one (a large picture on one core) */
export const IMAGE_WORK_ASSUMED_MS = 2_000;
