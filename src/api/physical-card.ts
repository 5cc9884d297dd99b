import { z } from 'zod/mini';
import { endpoint } from './endpoint';
import { envelopeSchema } from './envelope';
import { mobileField, textField, uploadIdField } from './fields';
import { plainQuerySchema } from './meta';

/**
 * The exclusive NFC card (SPEC §1, §7 card_apply, physical_status, bindPhysical; prices §9):
 * - POST /api/card/card_apply              orders a card printed from my card's photos → the order
 * - POST multipart /api/card/physical_proof the payment proof of an order (`order_id`; an image
 *                                           of at most PHYSICAL_PROOF_MAX_BYTES)
 * - GET  /api/card/physical_status/{id}    one order of mine: its state and the history of it
 * - POST /api/card/bindPhysical {no, c}    binds a card (its number and check code, from the link
 *                                           written to its chip) to my digital card: only the
 *                                           order's owner, once
 * - POST /api/card/physical_open {no, c}   what a tap on the card opens (anyone): the owner's
 *                                           share key once bound
 * Orders reach the phone by sync pull too (table physicalOrder), so their state shows offline.
 * The people who run the shop move orders along with `npm run orders`.
 */
export const PHYSICAL_PRODUCTS = {
  image: { price_hkd: 480 },
  metal: { price_hkd: 680 },
} as const;
export const physicalKindSchema = z.enum(['image', 'metal']);
export type PhysicalKind = z.infer<typeof physicalKindSchema>;
export const paymentMethodSchema = z.enum(['bank_transfer', 'fps']);

export const PHYSICAL_STATUSES = [
  'submitted',
  'proof_received',
  'paid',
  'in_production',
  'shipped',
  'delivered',
  'bound',
  'cancelled',
] as const;
export const physicalStatusSchema = z.enum(PHYSICAL_STATUSES);
export type PhysicalStatus = z.infer<typeof physicalStatusSchema>;
/** Each state's words, in the `server` namespace (notifications, mails and the app say the same). */
export const STATUS_TEXT_KEY = {
  submitted: 'orderSubmitted',
  proof_received: 'orderProofReceived',
  paid: 'orderPaid',
  in_production: 'orderInProduction',
  shipped: 'orderShipped',
  delivered: 'orderDelivered',
  bound: 'orderBound',
  cancelled: 'orderCancelled',
} as const satisfies Record<PhysicalStatus, string>;

export const PHYSICAL_PROOF_MAX_BYTES = 12 * 1024 * 1024;
export const PHYSICAL_QUANTITY_MAX = 10;

const required = (max: number, multiline = false) =>
  z
    .pipe(
      textField(max, { multiline }),
      z.transform((s) => s.trim()),
    )
    .check(z.minLength(1));

export const cardApplyBodySchema = z.strictObject({
  kind: physicalKindSchema,
  name_on_card: required(40),
  quantity: z.int().check(z.minimum(1), z.maximum(PHYSICAL_QUANTITY_MAX)),
  recipient: required(80),
  phone: mobileField,
  address: required(300, true),
  payment_method: paymentMethodSchema,
});
export type CardApplyBody = z.infer<typeof cardApplyBodySchema>;

export const orderEventSchema = z.object({
  status: physicalStatusSchema,
  /** ms since the epoch */
  at: z.number(),
  /** The tracking number of "shipped"; empty otherwise. */
  note: z.string(),
});

export const physicalOrderSchema = z.object({
  id: z.int(),
  /** The reference to quote with the payment. */
  order_no: z.string(),
  kind: physicalKindSchema,
  unit_price_hkd: z.int(),
  quantity: z.int(),
  total_hkd: z.int(),
  name_on_card: z.string(),
  recipient: z.string(),
  phone: z.string(),
  address: z.string(),
  payment_method: paymentMethodSchema,
  status: physicalStatusSchema,
  proof: z.boolean(),
  card_no: z.nullable(z.string()),
  tracking_no: z.nullable(z.string()),
  /** Where to pay (from configuration). */
  payment: z.object({ bank_account: z.string(), fps_id: z.string() }),
  history: z.array(orderEventSchema),
  created_at: z.number(),
});
export type PhysicalOrder = z.infer<typeof physicalOrderSchema>;
export const physicalOrderResponseSchema = envelopeSchema(physicalOrderSchema);

export const orderIdParamsSchema = z.strictObject({
  id: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER)),
});
const orderIdField = z.int().check(z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER));
/**
 * The form fields of POST multipart /api/card/physical_proof: `order_id` makes the image that
 * order's proof at once; `upload_id` alone (the sync worker's uploader) only stores it, and the
 * sendProof change naming it makes it the order's proof.
 */
export const proofFieldsSchema = z
  .strictObject({
    order_id: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER))),
    upload_id: z.optional(uploadIdField),
  })
  .check(z.refine((f) => f.order_id !== undefined || f.upload_id !== undefined, { path: ['order_id'] }));

/** The sync mutation sendProof: a proof uploaded before (its URL) made the payment proof of my order. */
export const sendProofBodySchema = z.strictObject({ order_id: orderIdField, proof: textField(512) });
export type SendProofBody = z.infer<typeof sendProofBodySchema>;

export const CARD_NO_PATTERN = /^[23456789A-HJKMNP-Z]{10}$/;
export const physicalLinkBodySchema = z.strictObject({
  no: z.string().check(z.regex(CARD_NO_PATTERN)),
  c: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/)),
});
export type PhysicalLinkBody = z.infer<typeof physicalLinkBodySchema>;

export const physicalOpenResponseSchema = envelopeSchema(
  z.object({ bound: z.boolean(), share_str: z.nullable(z.string()), mine: z.boolean() }),
);

/** The calls of the exclusive card (the list at the top). */
export const physicalCardEndpoints = {
  apply: endpoint({
    method: 'POST',
    path: '/api/card/card_apply',
    body: cardApplyBodySchema,
    response: physicalOrderResponseSchema,
  }),
  status: endpoint({
    method: 'GET',
    path: '/api/card/physical_status/:id',
    params: orderIdParamsSchema,
    query: plainQuerySchema,
    response: physicalOrderResponseSchema,
  }),
  proof: endpoint({
    method: 'POST',
    path: '/api/card/physical_proof',
    upload: true,
    // The order, its proof in place; a staged upload (upload_id alone) answers the stored file.
    response: envelopeSchema(z.union([physicalOrderSchema, z.object({ url: z.string() })])),
  }),
  bind: endpoint({
    method: 'POST',
    path: '/api/card/bindPhysical',
    body: physicalLinkBodySchema,
    response: physicalOrderResponseSchema,
  }),
  open: endpoint({
    method: 'POST',
    path: '/api/card/physical_open',
    body: physicalLinkBodySchema,
    response: physicalOpenResponseSchema,
  }),
};
