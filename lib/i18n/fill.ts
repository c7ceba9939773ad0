// Client components get raw message templates (t.raw) from the server and fill them here, without shipping next-intl's formatter.
/** A template's {placeholders} filled in; an unknown placeholder stays as written. */
export const fillTemplate = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
