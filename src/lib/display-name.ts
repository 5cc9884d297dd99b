import { formatMobile } from './phone';

/** The names a person gave: on their profile, and on their card (none when they have no card). */
export type PersonNames = {
  fullName: string;
  english_name: string;
  card?: { name: string; english_name: string } | null;
};

type Who = PersonNames & {
  email: string | null;
  mobile: string | null;
  area: string | null;
};

/**
 * The one rule of what a person is called, on the device and in the server's notification text
 * alike: the name on their profile, else its English name, else their card's name, else the
 * card's English name; '' when they gave none.
 */
export function personName(who: PersonNames): string {
  return who.fullName.trim() || who.english_name.trim() || who.card?.name.trim() || who.card?.english_name.trim() || '';
}

/**
 * What the app calls the signed-in user (top bar, side panel, /userHome): their name by
 * `personName` (a user who named only their card is called by it), else how they sign in (the
 * mobile formatted, or the email). Never a placeholder.
 */
export function displayName(who: Who): string {
  return personName(who) || contactLine(who);
}

/** How the user signs in, as shown under their name: the email, or the mobile formatted. */
export function contactLine(who: Pick<Who, 'email' | 'mobile' | 'area'>): string {
  if (who.email) return who.email;
  return who.mobile ? formatMobile(who.area, who.mobile) : '';
}
