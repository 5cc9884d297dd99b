/**
 * A Latin name's word OCR misread by a letter, put back from the e-mail address that spells it:
 * "Mohamed Irfan bin Abdullal" with mohamed.abdullah@… is Abdullah. Only a word of five letters
 * or more, one letter apart from a whole part of the address's local part (split at . _ -), changes; its
 * accents come back by the card's language after (./accents.ts).
 */
import { distance } from 'fastest-levenshtein';

const MIN_WORD = 5;

const bare = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** `spelled` written in the case of `as` ("ABDULLAH", "Abdullah"). */
function inCaseOf(spelled: string, as: string): string {
  if (as === as.toUpperCase()) return spelled.toUpperCase();
  return spelled.charAt(0).toUpperCase() + spelled.slice(1);
}

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
    return close.length === 1 && close[0] ? inCaseOf(close[0], word) : word;
  });
}
