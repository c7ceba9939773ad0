// spec 8: a failed cart, order or send call tells the payer why (the server's message), or that the request never got
// through (status 0); an answer without data is the generic failure. One rule for the gift, tip and coupon forms.
import type { ApiResult } from '../auth/client-session';

export function failureMessage(result: ApiResult<unknown>, t: (key: 'errorGeneric' | 'networkError') => string): string {
  return result.ok ? t('errorGeneric') : result.status === 0 ? t('networkError') : (result.error.message ?? t('errorGeneric'));
}
