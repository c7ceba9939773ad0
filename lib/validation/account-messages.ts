// What the sign-in page and the API say about accounts: no zod here, so the page can word a refusal without the
// schemas' weight.
export const ACCOUNT_MESSAGES = {
  password: 'Password must be at least 8 characters with a lowercase letter, an uppercase letter and a digit',
  passwordRequired: 'Please enter your password',
  duplicateEmail: 'The email id has already been taken.',
  alreadyRegistered: 'You are already registered with us, Please login',
  badCredentials: 'The email, mobile number or password is incorrect',
  code: 'Please enter the code we sent you',
  codeWrong: 'The code is incorrect',
  codeExpired: 'The code has expired. Please ask for a new one',
  codeAttempts: 'Too many wrong codes. Please ask for a new one',
  contact: 'Please enter a valid email or mobile number',
  login: 'Please enter your email or mobile number',
  resetInvalid: 'This reset link is invalid or has already been used',
  linkInvalid: 'This sign-in link is invalid, expired or already used',
} as const;
