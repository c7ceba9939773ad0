// The global error page replaces the root layout, so it cannot read message files: these mirror
// each locale's 'Error' messages (a test keeps them identical).
export const ERROR_WORDS: Record<string, { title: string; text: string; retry: string }> = {
  en: { title: 'Something went wrong', text: 'We could not load this page. Please try again in a moment.', retry: 'Try again' },
  hi: { title: 'कुछ गड़बड़ हो गई', text: 'हम यह पेज लोड नहीं कर सके। कृपया थोड़ी देर में फिर कोशिश करें।', retry: 'फिर से कोशिश करें' },
  ta: { title: 'ஏதோ தவறு நடந்துவிட்டது', text: 'இந்தப் பக்கத்தை ஏற்ற முடியவில்லை. சிறிது நேரம் கழித்து மீண்டும் முயலவும்.', retry: 'மீண்டும் முயலவும்' },
  te: { title: 'ఏదో పొరపాటు జరిగింది', text: 'ఈ పేజీని లోడ్ చేయలేకపోయాము. దయచేసి కాసేపటి తర్వాత మళ్లీ ప్రయత్నించండి.', retry: 'మళ్లీ ప్రయత్నించండి' },
  ar: { title: 'حدث خطأ ما', text: 'تعذّر تحميل هذه الصفحة. يرجى المحاولة مرة أخرى بعد قليل.', retry: 'حاول مرة أخرى' },
  ur: { title: 'کچھ غلط ہو گیا', text: 'ہم یہ صفحہ لوڈ نہیں کر سکے۔ براہ کرم تھوڑی دیر بعد دوبارہ کوشش کریں۔', retry: 'دوبارہ کوشش کریں' },
};
