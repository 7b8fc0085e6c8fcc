import { plainSpaces } from '@mutua/contracts';
import type { PDFFont } from 'pdf-lib';

/**
 * A text the standard PDF fonts can draw (WinAnsi): narrow and ordinary non-breaking spaces become
 * spaces, any other character the font cannot encode becomes « ? » (rather than a thrown error).
 */
export function winAnsiText(font: PDFFont, text: string): string {
  let out = '';
  for (const ch of plainSpaces(text)) {
    try {
      font.encodeText(ch);
      out += ch;
    } catch {
      out += '?';
    }
  }
  return out;
}
