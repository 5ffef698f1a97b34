/** One row of the redaction table (redaction.test.ts). */
export interface TextCase {
  /** What the text is, as the test names it. */
  what: string;
  /** Where the case comes from: the desktop's or the server's former redactor, or issue 34's review. */
  origin: 'desktop' | 'server' | 'issue 34';
  text: string;
  /** Values the caller knows to be secret (the server's configuration). */
  secrets?: readonly string[];
  /** The output exactly. */
  shown?: string;
  /** Parts that must be gone from the output (it then shows the marker). */
  gone?: readonly string[];
  /** Parts that must remain. */
  kept?: readonly string[];
}
