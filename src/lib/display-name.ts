import { formatMobile } from './phone';

type Who = {
  fullName: string;
  english_name: string;
  email: string | null;
  mobile: string | null;
  area: string | null;
};

/**
 * What the app calls the signed-in user (top bar, side panel, /userHome): their name, else
 * their English name, else how they sign in (the mobile formatted, or the email). Never a
 * placeholder: a new user is their sign-in until they give a name.
 */
export function displayName(who: Who): string {
  return who.fullName.trim() || who.english_name.trim() || contactLine(who);
}

/** How the user signs in, as shown under their name: the email, or the mobile formatted. */
export function contactLine(who: Pick<Who, 'email' | 'mobile' | 'area'>): string {
  if (who.email) return who.email;
  return who.mobile ? formatMobile(who.area, who.mobile) : '';
}
