/**
 * Words of a job title in English, read back where OCR misread one letter of them ("Gales
 * Manager" → "Sales Manager", "Manger" → "Manager") or ran two together ("AssistantVice
 * President" → "Assistant Vice President"). Only a word that is no title word itself, long enough
 * that one letter is a small part of it, and one letter from exactly one title word is read back.
 */
import { distance } from 'fastest-levenshtein';

const TITLE_WORDS = new Set(
  (
    'manager managing director engineer officer founder consultant designer sales president vice ' +
    'assistant analyst executive supervisor specialist coordinator administrator architect developer ' +
    'programmer accountant auditor lawyer solicitor barrister attorney advisor adviser representative ' +
    'agent associate chairman chairwoman chairperson secretary intern leader owner principal professor ' +
    'lecturer physician teacher producer editor photographer marketing department division technician ' +
    'surveyor planner strategist receptionist cashier buyer merchandiser trainer coach therapist ' +
    'pharmacist broker investigator researcher scientist chief purchasing procurement senior junior ' +
    'general regional deputy business development customer service services account accounts project ' +
    'product operations finance financial human resources technical technology information ' +
    'international relations public global national country export import creative legal counsel ' +
    'quality assurance research strategy communications digital content support network systems ' +
    'software hardware logistics supply administrative partner'
  ).split(' '),
);

/** Words of other languages' titles one letter from an English one ("Direktor", "Projekt"): never read back. */
const FOREIGN = new Set('direktor diretor directora diretora presidente projekt projet produkt manageur'.split(' '));

/** Letters a word has at least for one of them to be read back. */
const MIN_LETTERS = 5;

/** The title word one letter from `word`, when there is exactly one and `word` is none. */
function titleWordNear(word: string): string | null {
  const lower = word.toLowerCase();
  // An accented word is another language's ("Président"), as printed.
  if (!/^[a-z]+$/.test(lower) || lower.length < MIN_LETTERS || TITLE_WORDS.has(lower) || FOREIGN.has(lower))
    return null;
  let found: string | null = null;
  for (const candidate of TITLE_WORDS) {
    if (Math.abs(candidate.length - lower.length) > 1 || distance(candidate, lower) !== 1) continue;
    if (found) return null;
    found = candidate;
  }
  return found;
}

/** `word`'s capitals on `read`: "Gales" → "Sales", "GALES" → "SALES". */
function inCaseOf(word: string, read: string): string {
  if (word === word.toUpperCase()) return read.toUpperCase();
  return /^\p{Lu}/u.test(word) ? read[0]?.toUpperCase() + read.slice(1) : read;
}

/** Two title words run together, each starting with a capital ("AssistantVice"), split. */
function splitRunTogether(word: string): string | null {
  const m = /^(\p{Lu}\p{Ll}+)(\p{Lu}\p{Ll}+)$/u.exec(word);
  if (!m?.[1] || !m[2]) return null;
  return TITLE_WORDS.has(m[1].toLowerCase()) && TITLE_WORDS.has(m[2].toLowerCase()) ? `${m[1]} ${m[2]}` : null;
}

/** A Latin job title with its words read back (see above); other text as it is. */
export function withTitleWordsRead(title: string): string {
  if (!/^[\p{Script=Latin}\s,&/.'’()-]+$/u.test(title)) return title;
  return title.replace(/\p{L}+/gu, (word) => {
    const split = splitRunTogether(word);
    if (split) return split;
    const near = titleWordNear(word);
    return near ? inCaseOf(word, near) : word;
  });
}

/** Small words a title holds besides its title words ("Head of Sales", "Research & Development"). */
const JOINING = new Set(['of', 'and', 'for', 'the', 'to', 'in']);

/**
 * A line read as a job title once its words are read back ("Senior Manage, Business Development", "總經埋"),
 * or null: only when every word of it then is a title word, two at least, so a name with a word
 * one letter from one ("Gales Manning") stays what it is.
 */
export function readAsTitle(text: string): string | null {
  // 理 read as 埋 after 經 ("總經埋"): no word of Chinese has 經埋.
  const manager = text.replace(/([經经])埋/u, '$1理');
  if (manager !== text) return /[經经]理$/u.test(manager) ? manager : null;
  const read = withTitleWordsRead(text);
  if (read === text) return null;
  const words = (read.match(/\p{L}+/gu) ?? []).map((w) => w.toLowerCase()).filter((w) => !JOINING.has(w));
  return words.length >= 2 && words.every((w) => TITLE_WORDS.has(w)) ? read : null;
}
