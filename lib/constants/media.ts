// The widths every image is kept at (spec 9) in a file of their own because the home page's browser code reads them.
/** picture widths pages choose from (srcset): a 96 px thumbnail, phone cards at 1x-3x, the story's picture */
export const IMAGE_WIDTHS = [240, 480, 800, 1200] as const;
