/**
 * A Latin name's word OCR misread by a letter, put back from the e-mail address that spells it:
 * "Mohamed Irfan bin Abdullal" with mohamed.abdullah@… is Abdullah. Only a word of five letters
 * or more, one letter apart from a whole part of the address's local part (split at . _ -), changes; its
 * accents come back by the card's language after (./accents.ts).
 */
import { distance } from 'fastest-levenshtein';
import { bare, inCaseOf } from './accents';

const MIN_WORD = 5;

export function nameMendedByEmail(name: string, emails: readonly string[]): string {
  const parts = new Set(
    emails.flatMap((e) =>
      (e.split('@')[0] ?? '')
        .toLowerCase()
        .split(/[._-]/)
        .filter((p) => p.length >= MIN_WORD && /^[a-z]+$/.test(p)),
    ),
  );
  if (parts.size === 0) return name;
  return name.replace(/\p{Script=Latin}+/gu, (word) => {
    const b = bare(word);
    if (b.length < MIN_WORD || parts.has(b)) return word;
    // One letter misread, not one more or fewer: "lconnor" is L. Connor, "baeumer" Bäumer.
    const close = [...parts].filter((p) => p.length === b.length && distance(p, b) === 1);
    const spelled = close.length === 1 ? close[0] : undefined;
    return spelled ? inCaseOf(spelled.charAt(0).toUpperCase() + spelled.slice(1), word) : word;
  });
}

/**
 * An e-mail address whose local part begins with the initial of the card's name, OCR read as a
 * 1 ("1.perez@…" on Lucía Pérez's card is l.perez@…): the initial put back when the rest of the
 * local part is another word of the name.
 */
export function emailMendedByName(email: string, names: readonly string[]): string {
  const m = /^1([._-]?)([a-z]+)@/i.exec(email);
  if (!m?.[2]) return email;
  const words = names.flatMap((n) => n.match(/\p{Script=Latin}+/gu) ?? []).map(bare);
  const rest = m[2].toLowerCase();
  if (!words.includes(rest)) return email;
  const initial = words.find((w) => w !== rest && /^[il]/.test(w))?.charAt(0);
  return initial ? initial + email.slice(1) : email;
}
