/**
 * Control characters in user text (issue 23): ESC, CR, backspace and the rest of Unicode's Cc
 * (C0, DEL, C1) can drive a terminal, so the contract refuses them in every user text field
 * (newline and tab only in multi-line ones: src/api/fields.ts textField), and the operators'
 * commands print what an older row may still hold with them made visible.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const SHOWN = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** True when the text holds a control character a field of its kind may not (multi-line: all but \n and \t). */
export function hasControlChars(text: string, multiline = false): boolean {
  const found = multiline ? text.replace(/[\n\t]/g, '') : text;
  return CONTROL.test(found);
}

/**
 * The text as a terminal may print it: each control character (and each bidirectional override,
 * which can reorder what is shown) written out as an escape, e.g. ESC as `\x1b`, CR as `\x0d`;
 * newlines and tabs kept where the text is multi-line.
 */
export function showControlChars(text: string, multiline = false): string {
  return text.replace(SHOWN, (ch) => {
    if (multiline && (ch === '\n' || ch === '\t')) return ch;
    const code = ch.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
