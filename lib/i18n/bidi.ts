// Text of one direction inside a sentence of another: isolated with Unicode's isolate marks, so a Latin title keeps
// its quotes paired and '+91 90000 12345' keeps its plus sign in front inside Arabic and Urdu sentences.

/** First-strong isolate (FSI ... PDI): the text takes its own direction, whatever surrounds it. */
export const isolate = (text: string) => `\u2068${text}\u2069`;

/** Left-to-right isolate (LRI ... PDI): phone numbers, codes and amounts that always read left to right. */
export const isolateLtr = (text: string) => `\u2066${text}\u2069`;
