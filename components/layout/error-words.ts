// The global error page replaces the root layout, so it cannot read message files: these mirror
// each locale's "Error" messages (a test keeps them identical).
export const ERROR_WORDS: Record<string, { title: string; text: string; retry: string }> = {
  en: { title: 'Something went wrong', text: 'We could not load this page. Please try again in a moment.', retry: 'Try again' },
};
