import { z } from 'zod/mini';
import {
  CHAT_NUMBER_PLATFORMS,
  chatNumber,
  isChatNumber,
  isEmailValue,
  isPhoneValue,
  isSocialValue,
  websiteHref,
} from '../lib/card-rules';
import { endpoint } from './endpoint';
import { envelopeSchema } from './envelope';
import { nameField, textField, uploadIdField } from './fields';
import { plainQuerySchema } from './meta';

/**
 * My card and shared cards (SPEC §3 "Card info" and "Shared card as read", §7 Card).
 *
 * - GET  /api/card/info                      my card, or data null when I have none
 * - POST /api/card/create                    creates or replaces my card (one per user), whole
 * - POST multipart /api/card/upload          one photo of it; answers {url, width, height}
 * - GET  /api/card/cardInfo/{share_key}      a shared card, for anyone (token optional)
 * - GET  /api/card/user_card_info/{key}      the same, by share key
 * - GET  /api/card/user_card_info/{key}/1    that card as a vCard file (text/vcard)
 * - GET  /api/share/vcf/{key}/1              the same vCard
 * - GET  /api/card/export_vcf/{id}           the vCard of my card or of a friend's card, by card id
 * - POST /api/card/search                    public cards by name, company, position, industry
 *
 * Every extension entry has a label `key` (CARD_LABELS lists the ones the app offers, SPEC §3
 * "Other labels" and the social platforms) and its `content`.
 */

/** Entries per extension list, and the length of one entry's text. */
export const CARD_ENTRIES_MAX = 20;
export const CARD_TEXT_MAX = 500;
export const CARD_LABEL_MAX = 40;
export const CARD_PROFILE_MAX = 2000;
export const CARD_PHOTO_URL_MAX = 512;

/** Photo uploads larger than this are refused (413) before anything is stored. */
export const CARD_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** SPEC §9: the default card aspect ratio, 16:10; uploads are cropped to it unless crop=none. */
export const CARD_PHOTO_RATIO = 16 / 10;
/** Stored photos are at most this wide (and, uncropped, this tall). */
export const CARD_PHOTO_MAX_SIDE = 1600;

/** The extension lists other than company, each a list of {key, content}. */
export const CARD_ENTRY_KINDS = ['address', 'tel', 'email', 'website', 'other', 'industry', 'social'] as const;
export type CardEntryKind = (typeof CARD_ENTRY_KINDS)[number];

/** SPEC §3 social platforms, each with an icon, and a custom entry. */
export const SOCIAL_PLATFORMS = [
  'facebook',
  'whatsapp',
  'twitter',
  'instagram',
  'wechat',
  'line',
  'qq',
  'telegram',
  'vimeo',
  'vk',
  'snapchat',
  'tumblr',
  'pinterest',
  'youtube',
  'signal',
  'messenger',
  'custom',
] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/**
 * The labels the app offers per list (SPEC §3 "Other labels"): work and home fax, postal code,
 * family and working address, work / mobile / home phone, work and personal email, company,
 * personal and blog homepage. The server stores any label key; the vCard maps these to types.
 */
export const CARD_LABELS = {
  company: ['company'],
  address: ['work', 'home', 'postal'],
  tel: ['work', 'mobile', 'home', 'work_fax', 'home_fax'],
  email: ['work', 'personal'],
  website: ['company', 'personal', 'blog'],
  other: ['other'],
  industry: ['industry'],
  social: SOCIAL_PLATFORMS,
} as const satisfies Record<'company' | CardEntryKind, readonly string[]>;

// Answers ----------------------------------------------------------------------------------

export const cardEntrySchema = z.object({ key: z.string(), content: z.string() });
export type CardEntry = z.infer<typeof cardEntrySchema>;

export const cardCompanySchema = z.object({
  name: z.string(),
  department: z.string(),
  position: z.string(),
  key: z.string(),
});
export type CardCompany = z.infer<typeof cardCompanySchema>;

const entryLists = {
  address: z.array(cardEntrySchema),
  tel: z.array(cardEntrySchema),
  email: z.array(cardEntrySchema),
  website: z.array(cardEntrySchema),
  other: z.array(cardEntrySchema),
  industry: z.array(cardEntrySchema),
  social: z.array(cardEntrySchema),
};

/** Every extension list of a card, in the order the owner gave them. */
export const cardExtensionSchema = z.object({ company: z.array(cardCompanySchema), ...entryLists });
export type CardExtension = z.infer<typeof cardExtensionSchema>;

const flag = z.union([z.literal(0), z.literal(1)]);

/**
 * Ready-to-open share links of my card, all built on its public link `{origin}/s/{share_str}`
 * (`link`; `qr` is the text to encode in the QR code, the same link; `contact` downloads the
 * vCard).
 */
export const cardShareSchema = z.object({
  fb: z.string(),
  qr: z.string(),
  link: z.string(),
  contact: z.string(),
  line: z.string(),
  linkedin: z.string(),
  telegram: z.string(),
  twitter: z.string(),
  whatsapp: z.string(),
});
export type CardShare = z.infer<typeof cardShareSchema>;

/** GET /api/card/info: my card (SPEC §3 "Card info"). */
export const myCardSchema = z.object({
  card_id: z.int(),
  is_open: flag,
  name: z.string(),
  english_name: z.string(),
  photo: z.string(),
  photo_back: z.string(),
  profile: z.string(),
  /** The sum of my friend groups' update counts, as of this answer. */
  group_update_num: z.int(),
  share_str: z.string(),
  share: cardShareSchema,
  extension: cardExtensionSchema,
});
export type MyCard = z.infer<typeof myCardSchema>;
export const myCardResponseSchema = envelopeSchema(z.nullable(myCardSchema));
export const savedCardResponseSchema = envelopeSchema(myCardSchema);

/**
 * GET /api/card/cardInfo/{share_key} and /api/card/user_card_info/{key}: another user's card as
 * anyone may see it (SPEC §3 "Shared card as read"). accept_id is the id of my friend entry for
 * this card and is_friend 1 when I keep it as a friend; both 0 otherwise (and for visitors).
 */
export const sharedCardSchema = z.object({
  photo: z.string(),
  photo_back: z.string(),
  avatar: z.string(),
  user_id: z.int(),
  card_id: z.int(),
  accept_id: z.int(),
  share_str: z.string(),
  is_friend: flag,
  profile: z.string(),
  extension: z.object({
    name: z.string(),
    english_name: z.string(),
    company: z.array(cardCompanySchema),
    ...entryLists,
  }),
});
export type SharedCard = z.infer<typeof sharedCardSchema>;
export const sharedCardResponseSchema = envelopeSchema(sharedCardSchema);

// Requests ---------------------------------------------------------------------------------

const trimmed = (max: number) =>
  z.pipe(
    textField(max),
    z.transform((s) => s.trim()),
  );
const labelField = trimmed(CARD_LABEL_MAX);
const entryText = trimmed(CARD_TEXT_MAX);
const list = <T extends z.ZodMiniType>(entry: T) => z.array(entry).check(z.maxLength(CARD_ENTRIES_MAX));

const entryInput = z.strictObject({ key: labelField, content: entryText });

/**
 * The rules of SPEC §5 and §9 on my card's fields, one definition each (src/lib/card-rules.ts).
 * A broken rule's issue message is its key in the `server` message namespace, so the editor
 * shows, and the server answers, the same sentence in the user's language.
 */
export const CARD_RULES = {
  name: 'cardNameRequired',
  tel: 'cardPhoneInvalid',
  email: 'cardEmailInvalid',
  website: 'cardWebsiteInvalid',
  chat: 'cardChatInvalid',
  social: 'cardSocialInvalid',
} as const;
export type CardRuleKey = (typeof CARD_RULES)[keyof typeof CARD_RULES];
const CARD_RULE_KEYS: ReadonlySet<string> = new Set(Object.values(CARD_RULES));
export const isCardRuleKey = (message: string | undefined): message is CardRuleKey =>
  message !== undefined && CARD_RULE_KEYS.has(message);

/** An entry whose (non-blank) content must pass `rule`; blank entries are dropped when saved. */
const ruledEntry = (rule: (value: string) => boolean, error: CardRuleKey) =>
  z.strictObject({
    key: labelField,
    content: entryText.check(z.refine((value: string) => value === '' || rule(value), { error })),
  });
/**
 * A social entry: WhatsApp and Signal numbers are normalised (SPEC §5), and must then be numbers;
 * any other is a handle or an http(s) link (isSocialValue).
 */
const socialInput = z.pipe(
  entryInput,
  z.transform((entry, ctx) => {
    if (entry.content === '') return entry;
    if (!CHAT_NUMBER_PLATFORMS.has(entry.key)) {
      if (!isSocialValue(entry.content)) {
        ctx.issues.push({ code: 'custom', message: CARD_RULES.social, input: entry.content, path: ['content'] });
      }
      return entry;
    }
    if (!isChatNumber(entry.content)) {
      ctx.issues.push({ code: 'custom', message: CARD_RULES.chat, input: entry.content, path: ['content'] });
      return entry;
    }
    return { ...entry, content: chatNumber(entry.content) };
  }),
);
const telInput = ruledEntry(isPhoneValue, CARD_RULES.tel);
const emailInput = ruledEntry(isEmailValue, CARD_RULES.email);
const websiteInput = ruledEntry((value) => websiteHref(value) !== null, CARD_RULES.website);
const companyInput = z.strictObject({
  name: entryText,
  department: z._default(entryText, ''),
  position: z._default(entryText, ''),
  key: z._default(labelField, 'company'),
});

/** The extension lists of card/create; entries whose text is all blank are dropped when saved. */
export const cardExtensionInputSchema = z.strictObject({
  company: list(companyInput),
  address: list(entryInput),
  tel: list(telInput),
  email: list(emailInput),
  website: list(websiteInput),
  other: list(entryInput),
  industry: list(entryInput),
  social: list(socialInput),
});
export type CardExtensionInput = z.infer<typeof cardExtensionInputSchema>;

/** '' or the URL of a photo this user uploaded through /api/card/upload. */
const photoField = textField(CARD_PHOTO_URL_MAX);

/**
 * POST /api/card/create (and the sync mutation saveCard): my whole card. It creates my card or
 * replaces every field and every extension list of it, in one transaction.
 */
const cardBodyShape = z.strictObject({
  name: nameField,
  english_name: nameField,
  photo: photoField,
  photo_back: photoField,
  profile: textField(CARD_PROFILE_MAX, { multiline: true }),
  /** Public (found by search) only when its owner says so: a card saved without it is private. */
  is_open: z._default(flag, 0),
  extension: cardExtensionInputSchema,
});
/** Our own rule: a card has a name, or at least an English name. */
export const hasCardName = (card: { name: string; english_name: string }): boolean =>
  card.name.trim() !== '' || card.english_name.trim() !== '';
export const createCardBodySchema = cardBodyShape.check(
  z.refine(hasCardName, {
    error: CARD_RULES.name,
    path: ['name'],
    // Told with the other fields' issues, so the editor shows every one at once.
    when: ({ value }) => {
      const card = value as { name?: unknown; english_name?: unknown } | null;
      return typeof card?.name === 'string' && typeof card.english_name === 'string';
    },
  }),
);
export type CreateCardBody = z.infer<typeof createCardBodySchema>;

/** A list as it was (any entry, even one saved before a rule existed) and as it becomes (every rule). */
const listChange = <F extends z.ZodMiniType, T extends z.ZodMiniType>(from: F, to: T) =>
  z.strictObject({ from: list(from), to: list(to) });

/**
 * The sync mutation patchCard: only what an edit of my card changed (src/lib/card-merge.ts):
 * the fields it set, and each list it changed as it was before (`from`) and after (`to`).
 */
export const patchCardBodySchema = z.strictObject({
  // Any of card/create's own fields, checked by the very same rules.
  // is_open without its default: a patch that does not name it leaves it as it is.
  fields: z.optional(z.partial(z.extend(z.omit(cardBodyShape, { extension: true }), { is_open: flag }))),
  lists: z.optional(
    z.partial(
      z.strictObject({
        company: listChange(companyInput, companyInput),
        address: listChange(entryInput, entryInput),
        tel: listChange(entryInput, telInput),
        email: listChange(entryInput, emailInput),
        website: listChange(entryInput, websiteInput),
        other: listChange(entryInput, entryInput),
        industry: listChange(entryInput, entryInput),
        social: listChange(entryInput, socialInput),
      }),
    ),
  ),
});
export type PatchCardBody = z.infer<typeof patchCardBodySchema>;

/**
 * The form fields of POST multipart /api/card/upload, besides its one image file:
 * - side: which photo it is (front by default);
 * - upload_id: an id the client makes up once per photo; sending the same one again (an
 *   offline outbox replaying) answers the photo stored the first time and stores nothing;
 * - crop: 'cover' (default) crops the centre to 16:10, 'none' keeps the picture's own ratio.
 */
export const cardUploadFieldsSchema = z.strictObject({
  side: z._default(z.enum(['front', 'back']), 'front'),
  upload_id: z.optional(uploadIdField),
  crop: z._default(z.enum(['cover', 'none']), 'cover'),
});
export type CardUploadFields = z.infer<typeof cardUploadFieldsSchema>;

export const cardPhotoSchema = z.object({ url: z.string(), width: z.int(), height: z.int() });
export type CardPhoto = z.infer<typeof cardPhotoSchema>;
export const cardPhotoResponseSchema = envelopeSchema(cardPhotoSchema);

/** A share key as it appears in links: /s/{share_key}. */
export const SHARE_KEY_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const shareKeyField = z.string().check(z.regex(SHARE_KEY_PATTERN));
export const cardInfoParamsSchema = z.strictObject({ share_key: shareKeyField });
export const cardKeyParamsSchema = z.strictObject({ key: shareKeyField });
export const cardIdParamsSchema = z.strictObject({
  id: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER)),
});

export const SEARCH_KEYWORD_MAX = 50;
export const SEARCH_PAGE_SIZE_DEFAULT = 20;
export const SEARCH_PAGE_SIZE_MAX = 50;

/** POST /api/card/search: public cards whose name, English name, company, position or industry contains the keyword. */
export const cardSearchBodySchema = z.strictObject({
  keyword: z.pipe(trimmed(SEARCH_KEYWORD_MAX), z.string().check(z.minLength(1))),
  page: z.optional(z.int().check(z.minimum(1), z.maximum(1000))),
  page_size: z.optional(z.int().check(z.minimum(1), z.maximum(SEARCH_PAGE_SIZE_MAX))),
});
export type CardSearchBody = z.infer<typeof cardSearchBodySchema>;

/** One public card found: company and position are its first company's, industry its first industry. */
export const cardSearchItemSchema = z.object({
  card_id: z.int(),
  share_str: z.string(),
  name: z.string(),
  english_name: z.string(),
  avatar: z.string(),
  photo: z.string(),
  company: z.string(),
  position: z.string(),
  industry: z.string(),
});
export type CardSearchItem = z.infer<typeof cardSearchItemSchema>;
export const cardSearchResultSchema = z.object({
  list: z.array(cardSearchItemSchema),
  page_size: z.int(),
  more: z.boolean(),
});
export type CardSearchResult = z.infer<typeof cardSearchResultSchema>;
export const cardSearchResponseSchema = envelopeSchema(cardSearchResultSchema);

/**
 * The server's public key for the card copies QR codes carry (src/lib/card-copy.ts): Ed25519,
 * raw 32 bytes in base64url. Public: a scanner signed out verifies with it too.
 */
export const copyKeySchema = z.object({ key: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/)) });
export type CopyKey = z.infer<typeof copyKeySchema>;
export const copyKeyResponseSchema = envelopeSchema(copyKeySchema);

/** The calls of my card, shared cards, vCards and public search (the list at the top). */
export const cardEndpoints = {
  mine: endpoint({ method: 'GET', path: '/api/card/info', query: plainQuerySchema, response: myCardResponseSchema }),
  copyKey: endpoint({
    method: 'GET',
    path: '/api/card/copyKey',
    query: plainQuerySchema,
    response: copyKeyResponseSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/card/create',
    body: createCardBodySchema,
    response: savedCardResponseSchema,
  }),
  upload: endpoint({ method: 'POST', path: '/api/card/upload', upload: true, response: cardPhotoResponseSchema }),
  shared: endpoint({
    method: 'GET',
    path: '/api/card/cardInfo/:share_key',
    params: cardInfoParamsSchema,
    query: plainQuerySchema,
    response: sharedCardResponseSchema,
  }),
  sharedByKey: endpoint({
    method: 'GET',
    path: '/api/card/user_card_info/:key',
    params: cardKeyParamsSchema,
    query: plainQuerySchema,
    response: sharedCardResponseSchema,
  }),
  /** Downloads (text/vcard): no `response`. */
  vcardByKey: endpoint({
    method: 'GET',
    path: '/api/card/user_card_info/:key/1',
    params: cardKeyParamsSchema,
    query: plainQuerySchema,
  }),
  sharedVcard: endpoint({
    method: 'GET',
    path: '/api/share/vcf/:key/1',
    params: cardKeyParamsSchema,
    query: plainQuerySchema,
  }),
  exportVcard: endpoint({
    method: 'GET',
    path: '/api/card/export_vcf/:id',
    params: cardIdParamsSchema,
    query: plainQuerySchema,
  }),
  search: endpoint({
    method: 'POST',
    path: '/api/card/search',
    body: cardSearchBodySchema,
    response: cardSearchResponseSchema,
  }),
};
