import { type CardApplyBody, type PhysicalLinkBody, type PhysicalOrder, physicalCardEndpoints } from '../api';
import { db } from '../db';
import { callEndpoint } from '../lib/request';
import { api } from './api';

/**
 * The exclusive card's calls (src/api/physical-card.ts). An order the server answers is kept in
 * IndexedDB at once (table physicalOrders, which sync pull keeps too), where the shop screen
 * reads it; the envelope is answered for the screen's toast. Silent: screens show failures in
 * their forms.
 */
const silent = { silent: true } as const;

async function kept<T extends { data: PhysicalOrder }>(call: Promise<T>): Promise<T> {
  const res = await call;
  await db.physicalOrders.put(res.data);
  return res;
}

export const physicalCardCalls = {
  /** Orders a card. */
  apply: (body: CardApplyBody) => kept(callEndpoint(api, physicalCardEndpoints.apply, { body }, silent)),

  /** Binds a card (the number and check code of its chip's link) to my digital card. */
  bind: (body: PhysicalLinkBody) => kept(callEndpoint(api, physicalCardEndpoints.bind, { body }, silent)),

  /** What a tap on a card opens (anyone): its owner's share key once bound. */
  open: async (body: PhysicalLinkBody) => (await callEndpoint(api, physicalCardEndpoints.open, { body }, silent)).data,
};
