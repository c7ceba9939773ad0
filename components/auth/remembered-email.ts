// The email this tab's visitor last typed (her gift's, a taken sign-up's): the sign-in form starts with it. Kept in
// sessionStorage, so it is this tab's own: never another visitor's, never in a link.
export const REMEMBERED_EMAIL_KEY = 'signin_email';

export function rememberEmail(email: string): void {
  try {
    sessionStorage.setItem(REMEMBERED_EMAIL_KEY, email);
  } catch {
    // not kept (private mode): she types it again
  }
}

export function rememberedEmail(): string | null {
  try {
    return sessionStorage.getItem(REMEMBERED_EMAIL_KEY);
  } catch {
    return null;
  }
}
