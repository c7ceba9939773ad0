// The carousel's numbers (spec 4) in a file of their own because the home page's browser code reads them.
export const CAROUSEL_CARDS_PER_VIEW_DESKTOP = 3;
export const CAROUSEL_CARDS_PER_VIEW_MOBILE = 1.5;
export const CAROUSEL_ARROWS_ABOVE = 3;
