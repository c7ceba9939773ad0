// What search engines read: the story's description and the sitemap's files (spec 1 and 9).
export const STORY_META_DESCRIPTION_LENGTH = 155;
/** a sitemap file per block of this many fundraiser ids (about 110 kB of XML at most), whatever the catalogue's size */
export const SITEMAP_IDS_PER_FILE = 1_000;
