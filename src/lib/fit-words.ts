/**
 * Long text cut to what fits in `lines` lines of `width` pixels, at a word boundary, with "…": a
 * reader never sees half a word ("freez…"), which CSS line clamping does whenever the ellipsis needs
 * the room of the last word. Lines are filled as a browser fills them (greedy, words separated by
 * one space; a word wider than a line breaks over as many lines as it needs). `measure` gives a
 * string's width in the text's font (a canvas's `measureText` in the app).
 */
export function fitWords(text: string, width: number, lines: number, measure: (s: string) => number): string {
  const words = text.split(/\s+/).filter((w) => w !== '');
  if (words.length === 0 || width <= 0 || lines <= 0) return text;
  const space = measure(' ');
  const ellipsis = measure('…');
  let line = 1;
  let used = 0;
  // For each word: the line it ends on and the width used on that line after it.
  const ends: { line: number; used: number }[] = [];
  for (const word of words) {
    const w = measure(word);
    if (used > 0 && used + space + w <= width) used += space + w;
    else {
      if (used > 0) line += 1;
      if (w > width) {
        line += Math.ceil(w / width) - 1;
        used = w - (Math.ceil(w / width) - 1) * width;
      } else used = w;
    }
    ends.push({ line, used });
  }
  if (line <= lines) return text;
  // The most words whose end, with " …" after them, stays within the last line.
  let keep = 0;
  for (let i = 0; i < ends.length; i++) {
    const end = ends[i]!;
    if (end.line < lines || (end.line === lines && end.used + ellipsis <= width)) keep = i + 1;
    else break;
  }
  return keep === 0 ? '…' : `${words.slice(0, keep).join(' ')}…`;
}
