// What the sign-in page's forms share: the answer to a sign-in or sign-up, and where it goes next.
export interface SignedIn {
  redirect: string;
  user: { is_fos?: boolean };
}

export type Redirect = { redirect_uri?: string };
