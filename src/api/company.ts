import { z } from 'zod/mini';
import { isVideoUrl } from '../lib/video-url';
import { endpoint } from './endpoint';
import { envelopeSchema } from './envelope';
import { textField } from './fields';
import { plainQuerySchema } from './meta';

/**
 * Company promotional content (SPEC §2 "Information display blocks", §3 "Information content
 * item", §7): an ordered list of blocks shown under a card.
 *
 * - POST /api/card/save_company {items} replaces all of the caller's blocks at once.
 * - GET /api/card/get_company, /api/card/user_company_info/{cardId}, /api/card/companyInfo/{shareStr}
 *   answer {items}.
 * - Files of pdf, img and swipe blocks are uploaded first (companyPdfUpload, companyUpload);
 *   a block may only name files the server issued to the same user.
 * - Text is shown as text, never as HTML; url blocks hold only http and https links; video
 *   blocks only the links of SPEC §5 (src/lib/video-url.ts).
 */
export const COMPANY_ITEMS_MAX = 50;
export const COMPANY_TEXT_MAX = 5000;
export const COMPANY_TITLE_MAX = 200;
export const COMPANY_SWIPE_MAX = 10;
/** SPEC §5 and §9: PDF at most 20MB. */
export const COMPANY_PDF_MAX_BYTES = 20 * 1024 * 1024;
/** SPEC §9: images at most 12M. */
export const COMPANY_IMAGE_MAX_BYTES = 12 * 1024 * 1024;
/** Uploaded images are re-encoded no wider than this. */
export const COMPANY_IMAGE_MAX_WIDTH = 1600;
/** The largest save_company body: 50 blocks of 5000 characters, whatever their encoding. */
export const SAVE_COMPANY_BODY_MAX_BYTES = 2 * 1024 * 1024;

const LINK_MAX = 2048;
/** A file URL this server issued (checked against its upload record when saved). */
const fileUrl = textField(512).check(z.minLength(1));
const httpLink = z.url({ protocol: /^https?$/ }).check(
  z.maxLength(LINK_MAX),
  z.refine((s) => !s.includes('\u0000')),
);
const videoLink = textField(LINK_MAX).check(z.refine(isVideoUrl));

export const companyItemSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text'), content: textField(COMPANY_TEXT_MAX, { multiline: true }) }),
  z.strictObject({ type: z.literal('title'), content: textField(COMPANY_TITLE_MAX) }),
  z.strictObject({
    type: z.literal('url'),
    content: z.strictObject({ url: httpLink, title: textField(COMPANY_TITLE_MAX) }),
  }),
  z.strictObject({
    type: z.literal('pdf'),
    content: z.strictObject({
      url: fileUrl,
      name: textField(255),
      size: z.int().check(z.minimum(0), z.maximum(COMPANY_PDF_MAX_BYTES)),
    }),
  }),
  z.strictObject({ type: z.literal('video'), content: z.strictObject({ url: videoLink }) }),
  z.strictObject({ type: z.literal('img'), content: z.strictObject({ url: fileUrl }) }),
  z.strictObject({
    type: z.literal('swipe'),
    content: z.strictObject({
      urls: z.array(fileUrl).check(z.minLength(1), z.maxLength(COMPANY_SWIPE_MAX)),
    }),
  }),
]);
export type CompanyItem = z.infer<typeof companyItemSchema>;
export type CompanyItemType = CompanyItem['type'];

export const companyItemsSchema = z.array(companyItemSchema).check(z.maxLength(COMPANY_ITEMS_MAX));

/** The promotional content of one card, as every read answers it. */
export const companyContentSchema = z.object({ items: companyItemsSchema });
export type CompanyContent = z.infer<typeof companyContentSchema>;
export const companyContentResponseSchema = envelopeSchema(companyContentSchema);

/** POST /api/card/save_company: the whole ordered list; it replaces the saved one. */
export const saveCompanyBodySchema = z.strictObject({ items: companyItemsSchema });
export type SaveCompanyBody = z.infer<typeof saveCompanyBodySchema>;

export const userCompanyInfoParamsSchema = z.strictObject({
  cardId: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER)),
});
export const companyInfoParamsSchema = z.strictObject({ shareStr: textField(128).check(z.minLength(1)) });

/** POST multipart /api/user/companyPdfUpload answers where the PDF lives, its name and size. */
export const companyPdfSchema = z.object({ url: z.string(), name: z.string(), size: z.int() });
export type CompanyPdf = z.infer<typeof companyPdfSchema>;
export const companyPdfResponseSchema = envelopeSchema(companyPdfSchema);

/** POST multipart /api/user/companyUpload answers the URL of the re-encoded image. */
export const companyImageResponseSchema = envelopeSchema(z.object({ url: z.string() }));

/** POST /api/breatvUrl: a video link to play as an HLS (M3U8) stream. */
export const breatvUrlBodySchema = z.strictObject({ url: textField(LINK_MAX) });
export type BreatvUrlBody = z.infer<typeof breatvUrlBodySchema>;
export const breatvUrlResponseSchema = envelopeSchema(z.object({ url: z.string() }));

/** The calls of company content (the list at the top), its two uploads and the M3U8 check. */
export const companyEndpoints = {
  save: endpoint({
    method: 'POST',
    path: '/api/card/save_company',
    body: saveCompanyBodySchema,
    response: companyContentResponseSchema,
  }),
  mine: endpoint({
    method: 'GET',
    path: '/api/card/get_company',
    query: plainQuerySchema,
    response: companyContentResponseSchema,
  }),
  ofCard: endpoint({
    method: 'GET',
    path: '/api/card/user_company_info/:cardId',
    params: userCompanyInfoParamsSchema,
    query: plainQuerySchema,
    response: companyContentResponseSchema,
  }),
  /** Read by visitors of a shared card: no token needed. */
  shared: endpoint({
    method: 'GET',
    path: '/api/card/companyInfo/:shareStr',
    params: companyInfoParamsSchema,
    query: plainQuerySchema,
    response: companyContentResponseSchema,
  }),
  pdfUpload: endpoint({
    method: 'POST',
    path: '/api/user/companyPdfUpload',
    upload: true,
    response: companyPdfResponseSchema,
  }),
  /** Several run at once on purpose (a swipe block's pictures): never deduplicated (src/lib/request/dedupe.ts). */
  imageUpload: endpoint({
    method: 'POST',
    path: '/api/user/companyUpload',
    upload: true,
    concurrent: true,
    response: companyImageResponseSchema,
  }),
  breatvUrl: endpoint({
    method: 'POST',
    path: '/api/breatvUrl',
    body: breatvUrlBodySchema,
    response: breatvUrlResponseSchema,
  }),
};
