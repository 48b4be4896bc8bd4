/** html-to-text ships no declarations: the part the feed reader uses (reader/feed-reader.ts). */
declare module 'html-to-text' {
  interface SelectorDefinition {
    selector: string;
    format?: string;
    options?: Record<string, unknown>;
  }
  interface HtmlToTextOptions {
    wordwrap?: number | false | null;
    selectors?: SelectorDefinition[];
  }
  /** A converter made once for a set of options. */
  export function compile(options?: HtmlToTextOptions): (html: string) => string;
}
