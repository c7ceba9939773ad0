// The picture a fundraiser without one of its own shows (DEFAULT_FUNDRAISER_IMAGE), drawn as SVG.
export function defaultFundraiserArt(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675" role="img"><rect width="100%" height="100%" fill="#e5e7eb"/><path d="M600 470s-130-78-130-170a70 70 0 0 1 130-45a70 70 0 0 1 130 45c0 92-130 170-130 170z" fill="#0f766e" fill-opacity="0.55"/></svg>`;
}
