// mjml 5 ships no types: the one call the email layout makes (lib/email/render.ts)
declare module 'mjml' {
  interface MjmlError {
    line: number;
    message: string;
    tagName: string;
    formattedMessage: string;
  }
  interface MjmlResult {
    html: string;
    errors: MjmlError[];
  }
  export default function mjml2html(source: string, options?: { validationLevel?: 'strict' | 'soft' | 'skip'; keepComments?: boolean; minify?: boolean }): Promise<MjmlResult>;
}
