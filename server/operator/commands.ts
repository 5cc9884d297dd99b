import { PHYSICAL_STATUSES, type PhysicalOrder, type PhysicalStatus } from '../../src/api';
import { showControlChars } from '../../src/lib/control-chars';
import type { Services } from '../services/context';
import { listFeedback } from '../services/feedback';
import {
  findOrder,
  listOrders,
  moveOrder,
  newCheckCode,
  type OrderAction,
  OrderMoveError,
  unlockCard,
} from '../services/physical-cards';

/**
 * The commands of the people who run the shop and read feedback (`npm run orders`, `npm run
 * feedback`), on the same service functions as the app: each answers the text to print, or
 * throws OperatorError with what was wrong. Everything a user wrote goes through `shown`, so no
 * text can move the terminal's cursor, recolour it or forge a line (issue 23).
 */
export class OperatorError extends Error {}

export const USAGE = `usage:
  npm run orders -- list [status]          orders (status: ${PHYSICAL_STATUSES.join(', ')})
  npm run orders -- show ID                one order with its history
  npm run orders -- paid ID                payment confirmed
  npm run orders -- production ID          in production: issues the card number and prints the chip link
  npm run orders -- shipped ID TRACKING    shipped with that tracking number
  npm run orders -- delivered ID
  npm run orders -- cancel ID
  npm run orders -- unlock REF             lets everyone locked out of the card (wrong check codes) try again
  npm run orders -- new-code REF           a new check code: prints the new chip link once; the old one stops working
                                           (REF: the order id, its order number CB…, or its card number)
  npm run feedback -- list [N]             the newest N messages (default 50)`;

/** User text for the terminal, control characters made visible. */
const shown = (text: string | null | undefined, multiline = false) => showControlChars(text ?? '', multiline);

const ACTIONS: Record<string, OrderAction> = {
  paid: 'paid',
  production: 'production',
  shipped: 'shipped',
  delivered: 'delivered',
  cancel: 'cancel',
};

function orderLine(o: PhysicalOrder & { user_id?: number }): string {
  const when = new Date(o.created_at).toISOString().slice(0, 16).replace('T', ' ');
  return [
    `#${o.id}`,
    o.order_no,
    o.status,
    `${o.kind} x${o.quantity}`,
    `HK$${o.total_hkd}`,
    o.payment_method,
    o.proof ? 'proof' : 'no proof',
    o.tracking_no ? `tracking ${shown(o.tracking_no)}` : '',
    when,
  ]
    .filter(Boolean)
    .join('  ');
}

function orderDetail(o: PhysicalOrder): string {
  const lines = [
    orderLine(o),
    `  name on card: ${shown(o.name_on_card)}`,
    `  deliver to:   ${shown(o.recipient)}, ${shown(o.phone)}, ${shown(o.address)}`,
    o.card_no ? `  card number:  ${o.card_no}` : '',
    '  history:',
    ...o.history.map((e) => `    ${new Date(e.at).toISOString()}  ${e.status}${e.note ? `  ${shown(e.note)}` : ''}`),
  ];
  return lines.filter(Boolean).join('\n');
}

const idOf = (value: string | undefined): number => {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) {
    throw new OperatorError(`not an order id: ${shown(value ?? '(none)')}\n${USAGE}`);
  }
  return id;
};

/** An operator's command, its words checked: what `parseOperatorCommand` makes of the arguments. */
export type OperatorCommand =
  | { kind: 'feedback'; limit: number }
  | { kind: 'list'; status?: PhysicalStatus }
  | { kind: 'show'; id: number }
  | { kind: 'unlock' | 'new-code'; ref: string }
  | { kind: 'move'; action: OrderAction; id: number; note: string };

/**
 * The command the arguments name, or OperatorError with what is wrong and the usage: checked
 * before anything is opened, so a mistyped command is answered at once.
 */
export function parseOperatorCommand(args: readonly string[]): OperatorCommand {
  const [area, command, ...rest] = args;
  if (area === 'feedback' && (command === 'list' || command === undefined)) {
    const limit = rest[0] ? Number(rest[0]) : 50;
    if (!Number.isSafeInteger(limit) || limit < 1) throw new OperatorError(USAGE);
    return { kind: 'feedback', limit };
  }
  if (area !== 'orders') throw new OperatorError(USAGE);
  if (command === 'list' || command === undefined) {
    const status = rest[0];
    if (status !== undefined && !PHYSICAL_STATUSES.includes(status as PhysicalStatus)) {
      throw new OperatorError(`unknown status ${shown(status)}\n${USAGE}`);
    }
    return { kind: 'list', status: status as PhysicalStatus | undefined };
  }
  if (command === 'show') return { kind: 'show', id: idOf(rest[0]) };
  if (command === 'unlock' || command === 'new-code') {
    const ref = rest[0];
    if (!ref) throw new OperatorError(`${command} needs an order id, order number or card number\n${USAGE}`);
    return { kind: command, ref };
  }
  const action = command ? ACTIONS[command] : undefined;
  if (!action) throw new OperatorError(USAGE);
  return { kind: 'move', action, id: idOf(rest[0]), note: rest.slice(1).join(' ') };
}

/** The arguments' command run (parseOperatorCommand, then performOperatorCommand). */
export function runOperatorCommand(s: Services, origin: string, args: readonly string[]): Promise<string> {
  return performOperatorCommand(s, origin, parseOperatorCommand(args));
}

export async function performOperatorCommand(s: Services, origin: string, command: OperatorCommand): Promise<string> {
  switch (command.kind) {
    case 'feedback': {
      const entries = await listFeedback(s, command.limit);
      if (entries.length === 0) return 'no feedback yet';
      return entries
        .map((f) =>
          [
            `#${f.id}  ${f.created_at}  user ${f.user_id ?? '-'}  ${shown(f.contact)}  v${shown(f.app_version)} ${shown(f.language)}`,
            `  ${shown(f.content, true).replaceAll('\n', '\n  ')}`,
            ...f.images.map((url) => `  image: ${origin}${shown(url)}`),
            `  device: ${shown(f.device)}`,
          ].join('\n'),
        )
        .join('\n\n');
    }
    case 'list': {
      const orders = await listOrders(s, command.status);
      return orders.length === 0 ? 'no orders' : orders.map(orderLine).join('\n');
    }
    case 'show': {
      const order = await findOrder(s, command.id);
      if (!order) throw new OperatorError(`no order ${command.id}`);
      return orderDetail(order);
    }
    case 'unlock':
    case 'new-code':
      try {
        if (command.kind === 'unlock') {
          const { order, cleared } = await unlockCard(s, command.ref);
          return `card ${order.card_no} (order #${order.id}, ${order.order_no}): ${cleared} locked caller(s) may try again`;
        }
        const { order, link } = await newCheckCode(s, command.ref, origin);
        return `card ${order.card_no} (order #${order.id}, ${order.order_no}) has a new check code; the old link no longer works.\nwrite this link to the chip (shown once):\n${link}`;
      } catch (err) {
        if (err instanceof OrderMoveError) throw new OperatorError(shown(err.message));
        throw err;
      }
    case 'move':
      try {
        const { order, link } = await moveOrder(s, command.id, command.action, origin, command.note);
        const done = `order #${order.id} (${order.order_no}) is now ${order.status}`;
        return link
          ? `${done}\ncard number ${order.card_no}; write this link to the chip (shown once):\n${link}`
          : done;
      } catch (err) {
        if (err instanceof OrderMoveError) throw new OperatorError(err.message);
        throw err;
      }
  }
}
