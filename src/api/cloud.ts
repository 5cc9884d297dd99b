import { z } from 'zod/mini';
import { cloudRowValue } from '../lib/card-rules';
import { okResponseSchema } from './auth';
import { CARD_LABEL_MAX, CARD_PHOTO_URL_MAX, CARD_TEXT_MAX, cardPhotoResponseSchema } from './card';
import { endpoint } from './endpoint';
import { envelopeSchema } from './envelope';
import { areaField, textField, uploadIdField } from './fields';
import { plainQuerySchema } from './meta';

/**
 * Cloud cards: paper cards scanned (OCR) or typed into my own collection, with their own groups
 * (SPEC §1, §3 "Cloud card", §7 Cloud (OCR)).
 *
 * Ids are made on the device (CLOUD_ID_PATTERN, a random UUID without dashes) so a card or group
 * made offline keeps its id for good: a change naming it can be queued before the server has
 * seen it, and a replayed add stores nothing twice. REST `add` calls may omit the id (the
 * server makes one). A card is in at most one group; group_id '' is "not grouped".
 *
 * - POST multipart /api/ocr/upload                 a card photo (fields: upload_id, side) → {url, width, height}
 * - POST /api/ocr/add {CloudCardInput}             the new CloudCard (an existing id answers that card)
 * - POST /api/ocr/edit {id, ...changed fields}     the CloudCard
 * - POST /api/ocr/list/{page} {page_size?, keyword?}        {list, page_size}: newest first
 * - GET  /api/ocr/detail/{id}                      the CloudCard
 * - GET  /api/ocr/del/{id}                         null
 * - GET  /api/ocr/group/list                       {list: CloudGroupListed[]} by sort order
 * - POST /api/ocr/group/add {id?, name}            the CloudGroup
 * - POST /api/ocr/group/edit {id, name}            the CloudGroup
 * - GET  /api/ocr/group/del/{id}                   null; its cards become not grouped
 * - POST /api/ocr/group/sorting {ids}              {list}
 * - POST /api/ocr/group/card_list/{page}/{group_id} {page_size?}   {list, page_size}; group '0' is the not grouped cards
 * - GET  /api/ocr/move_to_group/{cardId}/{groupId}   the CloudCard; groupId '0' takes it out of its group
 * - POST /api/ocr/public_match {email, tel}        {list}: public cards (is_open) holding one of them
 * - POST multipart /api/card/ocr_recognize         one image (field: area) → {fields, lines, ms}
 *
 * Ids that are not the caller's answer 404, as ids that do not exist.
 */

export const CLOUD_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
export const CLOUD_ROWS_MAX = 60;
export const CLOUD_GROUP_NAME_MAX = 40;
export const CLOUD_GROUPS_MAX = 100;
export const CLOUD_CARDS_MAX = 50_000;
export const CLOUD_PAGE_SIZE_DEFAULT = 20;
export const CLOUD_PAGE_SIZE_MAX = 200;
/** Photos and images to recognize larger than this are refused (413) before anything is stored. */
export const CLOUD_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PUBLIC_MATCH_MAX = 20;

/**
 * The keys the app gives extension rows (the field extractor's fields, src/lib/card-fields);
 * the server stores any label.
 */
export const CLOUD_ROW_KEYS = [
  'name',
  'english_name',
  'company',
  'position',
  'tel',
  'email',
  'website',
  'address',
  'other',
] as const;
export type CloudRowKey = (typeof CLOUD_ROW_KEYS)[number];

export const cloudIdField = z.string().check(z.regex(CLOUD_ID_PATTERN));
/** '' (not grouped) or a group id. */
const groupRef = z.union([z.literal(''), cloudIdField]);
const idParam = cloudIdField;
/** A group in a path: '0' is "not grouped". */
const groupParam = z.union([z.literal('0'), cloudIdField]);
const pageParam = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1_000_000));
const pageSize = z.int().check(z.minimum(1), z.maximum(CLOUD_PAGE_SIZE_MAX));
const photoField = textField(CARD_PHOTO_URL_MAX);
const groupName = z.pipe(
  z.pipe(
    textField(CLOUD_GROUP_NAME_MAX),
    z.transform((s) => s.trim()),
  ),
  z.string().check(z.minLength(1)),
);

// Answers ----------------------------------------------------------------------------------

export const cloudRowSchema = z.object({ key: z.string(), value: z.string() });
export type CloudRow = z.infer<typeof cloudRowSchema>;

export const cloudCardSchema = z.object({
  id: z.string(),
  photo: z.string(),
  photo_bg: z.string(),
  extension: z.array(cloudRowSchema),
  group_id: z.string(),
  /** Epoch ms. */
  created_at: z.number(),
  updated_at: z.number(),
});
export type CloudCard = z.infer<typeof cloudCardSchema>;
export const cloudCardResponseSchema = envelopeSchema(cloudCardSchema);

export const cloudCardListSchema = z.object({ list: z.array(cloudCardSchema), page_size: z.int() });
export const cloudCardListResponseSchema = envelopeSchema(cloudCardListSchema);

export const cloudGroupSchema = z.object({ id: z.string(), name: z.string(), sort: z.int() });
export type CloudGroup = z.infer<typeof cloudGroupSchema>;
export const cloudGroupResponseSchema = envelopeSchema(cloudGroupSchema);
/** A group as group/list answers it: with how many cards it holds. */
export const cloudGroupListedSchema = z.object({ ...cloudGroupSchema.shape, card_num: z.int() });
export const cloudGroupListSchema = z.object({ list: z.array(cloudGroupListedSchema) });
export const cloudGroupListResponseSchema = envelopeSchema(cloudGroupListSchema);

// Requests ---------------------------------------------------------------------------------

/**
 * One extension row: a label and its text; a row whose value is blank is dropped. A website is
 * stored normalised (src/lib/card-rules.ts: a bare host gets https://); other text as it came,
 * scans' misreads included, for the owner to correct.
 */
export const cloudRowInputSchema = z.pipe(
  z.strictObject({
    key: z.pipe(
      textField(CARD_LABEL_MAX),
      z.transform((s) => s.trim()),
    ),
    value: textField(CARD_TEXT_MAX, { multiline: true }),
  }),
  z.transform((row) => ({ key: row.key, value: cloudRowValue(row.key, row.value) })),
);
const rows = z.array(cloudRowInputSchema).check(z.maxLength(CLOUD_ROWS_MAX));

/** ocr/add and the sync mutation addCloudCard (where the id is required). */
export const addCloudCardBodySchema = z.strictObject({
  id: z.optional(cloudIdField),
  photo: z._default(photoField, ''),
  photo_bg: z._default(photoField, ''),
  extension: rows,
  group_id: z._default(groupRef, ''),
});
export type AddCloudCardBody = z.infer<typeof addCloudCardBodySchema>;
export const addCloudCardMutationSchema = z.strictObject({ ...addCloudCardBodySchema.shape, id: cloudIdField });

/** ocr/edit and editCloudCard: only the fields the edit changed (each stamped on its own). */
export const editCloudCardBodySchema = z.strictObject({
  id: cloudIdField,
  photo: z.optional(photoField),
  photo_bg: z.optional(photoField),
  extension: z.optional(rows),
  /**
   * The rows as the device showed them before this edit: then the rows are merged one by one
   * (src/lib/card-merge.ts), so two devices editing different rows of a card both keep their
   * edit; without it `extension` replaces the rows whole.
   */
  extension_from: z.optional(rows),
  group_id: z.optional(groupRef),
});
export type EditCloudCardBody = z.infer<typeof editCloudCardBodySchema>;

export const cloudIdParamsSchema = z.strictObject({ id: idParam });
export type CloudIdParams = z.infer<typeof cloudIdParamsSchema>;

export const moveCloudCardParamsSchema = z.strictObject({ cardId: idParam, groupId: groupParam });
export type MoveCloudCardParams = z.infer<typeof moveCloudCardParamsSchema>;

export const cloudListParamsSchema = z.strictObject({ page: pageParam });
export const cloudListBodySchema = z.strictObject({
  page_size: z.optional(pageSize),
  keyword: z.optional(textField(100)),
});
export type CloudListBody = z.infer<typeof cloudListBodySchema>;
export const cloudGroupCardsParamsSchema = z.strictObject({ page: pageParam, group_id: groupParam });
export const cloudGroupCardsBodySchema = z.strictObject({ page_size: z.optional(pageSize) });

export const addCloudGroupBodySchema = z.strictObject({ id: z.optional(cloudIdField), name: groupName });
export type AddCloudGroupBody = z.infer<typeof addCloudGroupBodySchema>;
export const addCloudGroupMutationSchema = z.strictObject({ id: cloudIdField, name: groupName });
export const editCloudGroupBodySchema = z.strictObject({ id: cloudIdField, name: groupName });
export type EditCloudGroupBody = z.infer<typeof editCloudGroupBodySchema>;
export const sortCloudGroupsBodySchema = z.strictObject({
  ids: z.array(cloudIdField).check(z.minLength(1), z.maxLength(CLOUD_GROUPS_MAX)),
});
export type SortCloudGroupsBody = z.infer<typeof sortCloudGroupsBodySchema>;

/** The form fields of ocr/upload besides its one image: as card/upload's, never cropped. */
export const cloudUploadFieldsSchema = z.strictObject({
  side: z._default(z.enum(['front', 'back']), 'front'),
  upload_id: z.optional(uploadIdField),
});

// Matching public cards ---------------------------------------------------------------------

export const publicMatchBodySchema = z.strictObject({
  email: z.array(textField(254)).check(z.maxLength(PUBLIC_MATCH_MAX)),
  tel: z.array(textField(40)).check(z.maxLength(PUBLIC_MATCH_MAX)),
});
export type PublicMatchBody = z.infer<typeof publicMatchBodySchema>;
export const publicMatchSchema = z.object({
  list: z.array(
    z.object({
      share_str: z.string(),
      name: z.string(),
      english_name: z.string(),
      avatar: z.string(),
      company: z.string(),
    }),
  ),
});
export type PublicMatch = z.infer<typeof publicMatchSchema>;
export const publicMatchResponseSchema = envelopeSchema(publicMatchSchema);

// Recognition -------------------------------------------------------------------------------

/** What the field extractor (src/lib/card-fields) makes of a card's text: `npm run ocr`'s shape. */
export const cardFieldsSchema = z.object({
  name: z.string(),
  english_name: z.string(),
  company: z.array(z.string()),
  position: z.array(z.string()),
  tel: z.array(z.string()),
  email: z.array(z.string()),
  website: z.array(z.string()),
  address: z.array(z.string()),
  other: z.array(z.string()),
});
export type CardFields = z.infer<typeof cardFieldsSchema>;

export const ocrRecognizeFieldsSchema = z.strictObject({ area: z._default(areaField, 'hk') });
export const ocrRecognizeSchema = z.object({ fields: cardFieldsSchema, lines: z.array(z.string()), ms: z.number() });
export type OcrRecognize = z.infer<typeof ocrRecognizeSchema>;
export const ocrRecognizeResponseSchema = envelopeSchema(ocrRecognizeSchema);

// Endpoints ---------------------------------------------------------------------------------

/** The cloud collection's calls (server/routes/ocr.ts), signed-in only. */
export const cloudEndpoints = {
  /** Multipart: one image, fields cloudUploadFieldsSchema (the sync worker's uploader sends it). */
  upload: endpoint({ method: 'POST', path: '/api/ocr/upload', upload: true, response: cardPhotoResponseSchema }),
  add: endpoint({
    method: 'POST',
    path: '/api/ocr/add',
    body: addCloudCardBodySchema,
    response: cloudCardResponseSchema,
  }),
  edit: endpoint({
    method: 'POST',
    path: '/api/ocr/edit',
    body: editCloudCardBodySchema,
    response: cloudCardResponseSchema,
  }),
  list: endpoint({
    method: 'POST',
    path: '/api/ocr/list/:page',
    params: cloudListParamsSchema,
    body: cloudListBodySchema,
    response: cloudCardListResponseSchema,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/ocr/detail/:id',
    params: cloudIdParamsSchema,
    query: plainQuerySchema,
    response: cloudCardResponseSchema,
  }),
  del: endpoint({
    method: 'GET',
    path: '/api/ocr/del/:id',
    params: cloudIdParamsSchema,
    query: plainQuerySchema,
    response: okResponseSchema,
  }),
  move: endpoint({
    method: 'GET',
    path: '/api/ocr/move_to_group/:cardId/:groupId',
    params: moveCloudCardParamsSchema,
    query: plainQuerySchema,
    response: cloudCardResponseSchema,
  }),
  groups: endpoint({
    method: 'GET',
    path: '/api/ocr/group/list',
    query: plainQuerySchema,
    response: cloudGroupListResponseSchema,
  }),
  addGroup: endpoint({
    method: 'POST',
    path: '/api/ocr/group/add',
    body: addCloudGroupBodySchema,
    response: cloudGroupResponseSchema,
  }),
  editGroup: endpoint({
    method: 'POST',
    path: '/api/ocr/group/edit',
    body: editCloudGroupBodySchema,
    response: cloudGroupResponseSchema,
  }),
  delGroup: endpoint({
    method: 'GET',
    path: '/api/ocr/group/del/:id',
    params: cloudIdParamsSchema,
    query: plainQuerySchema,
    response: okResponseSchema,
  }),
  sortGroups: endpoint({
    method: 'POST',
    path: '/api/ocr/group/sorting',
    body: sortCloudGroupsBodySchema,
    response: cloudGroupListResponseSchema,
  }),
  groupCards: endpoint({
    method: 'POST',
    path: '/api/ocr/group/card_list/:page/:group_id',
    params: cloudGroupCardsParamsSchema,
    body: cloudGroupCardsBodySchema,
    response: cloudCardListResponseSchema,
  }),
  publicMatch: endpoint({
    method: 'POST',
    path: '/api/ocr/public_match',
    body: publicMatchBodySchema,
    response: publicMatchResponseSchema,
  }),
};

/** Recognition on the server (server/routes/recognize.ts). */
export const recognizeEndpoints = {
  /** Multipart: one image, fields ocrRecognizeFieldsSchema. */
  recognize: endpoint({
    method: 'POST',
    path: '/api/card/ocr_recognize',
    upload: true,
    response: ocrRecognizeResponseSchema,
  }),
};
