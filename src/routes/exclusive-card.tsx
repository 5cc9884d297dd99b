import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  cardApplyBodySchema,
  PHYSICAL_PRODUCTS,
  PHYSICAL_PROOF_MAX_BYTES,
  PHYSICAL_QUANTITY_MAX,
  type PhysicalKind,
  type PhysicalOrder,
  STATUS_TEXT_KEY,
} from '../api';
import { physicalCardCalls } from '../clients/physical-card';
import { Field, FormError, TextAreaField } from '../components/forms';
import { NfcTools } from '../components/info/NfcTools';
import { ProductPicture } from '../components/info/ProductPicture';
import { toast } from '../components/toast';
import { useFormSubmit } from '../components/use-form-submit';
import { useOnline } from '../components/use-online';
import { useMyCard } from '../db/hooks/card';
import { usePhysicalOrders } from '../db/hooks/physical-orders';
import { enqueue, stageFile } from '../db/outbox';
import { formatTime } from '../lib/format-time';
import '../components/account/account.css';
import '../components/info/info.css';
import { useBusy } from '../components/use-busy';

/**
 * /exclusiveCard: the two NFC cards with their prices, the order form, and each order's state,
 * payment instructions, payment proof and history. Orders come from the local database (sync
 * table physicalOrder), so they show offline; ordering and uploading need a connection.
 */
const KINDS: PhysicalKind[] = ['image', 'metal'];
const MB = Math.round(PHYSICAL_PROOF_MAX_BYTES / 1024 / 1024);
/** Hong Kong dollars as the shop writes them: HK$680. */
const hkd = (amount: number) => `HK$${amount.toLocaleString('en-US')}`;

export function ExclusiveCardPage() {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { order?: number | string; buy?: string };
  const orders = usePhysicalOrders();
  const card = useMyCard();
  const orderId = Number(search.order);
  const shown = Number.isSafeInteger(orderId) ? orders?.find((o) => o.id === orderId) : undefined;
  const buying = KINDS.find((k) => k === search.buy);

  if (shown) return <OrderView order={shown} />;
  if (buying) {
    return (
      <OrderForm
        kind={buying}
        defaultName={card?.name ?? ''}
        onPlaced={(order) => void navigate({ to: '/exclusiveCard', search: { order: order.id }, replace: true })}
      />
    );
  }
  return <Shop card={card} orders={orders} />;
}

type MyCard = ReturnType<typeof useMyCard>;

/** The shop's front: the two products, a word when I have no card to put on them, and my orders. */
function Shop({ card, orders }: { card: MyCard; orders: PhysicalOrder[] | undefined }) {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <main className="page info-page shop-page">
      <h1>{t('info.shop.title')}</h1>
      <p className="muted">{t('info.shop.intro')}</p>
      {online ? null : (
        <p className="account-notice" role="status">
          {t('info.shop.offline')}
        </p>
      )}
      <ul className="shop-products">
        {KINDS.map((kind) => (
          <Product key={kind} kind={kind} card={card} online={online} />
        ))}
      </ul>
      {card === null ? (
        <div className="account-notice" role="status">
          <p>{t('info.shop.needsCard')}</p>
          <Link to="/card/create" className="btn btn-secondary">
            {t('info.shop.makeCard')}
          </Link>
        </div>
      ) : null}
      {orders && orders.length > 0 ? <MyOrders orders={orders} /> : null}
      <NfcTools />
    </main>
  );
}

/** One product: its picture on my card, what it is, its price, and the way to order it. */
function Product({ kind, card, online }: { kind: PhysicalKind; card: MyCard; online: boolean }) {
  const { t } = useTranslation();
  return (
    <li className="shop-product">
      <ProductPicture kind={kind} photo={card?.photo} name={card?.name ?? ''} />
      <div className="shop-product-text">
        <h2>{t(`info.shop.${kind}`)}</h2>
        <p className="muted">{t(`info.shop.${kind}Desc`)}</p>
        <p className="shop-price">
          {t('info.shop.price', { price: hkd(PHYSICAL_PRODUCTS[kind].price_hkd) })}
          <span className="muted"> · {t('info.shop.courier')}</span>
        </p>
        {card === null ? null : (
          <Link
            to="/exclusiveCard"
            search={{ buy: kind }}
            className={`btn btn-primary btn-block${online && card ? '' : ' btn-disabled'}`}
            aria-disabled={!online || !card}
            onClick={(e) => {
              if (!online || !card) e.preventDefault();
            }}
          >
            {t('info.shop.orderThis')}
          </Link>
        )}
      </div>
    </li>
  );
}

function MyOrders({ orders }: { orders: PhysicalOrder[] }) {
  const { t } = useTranslation();
  return (
    <section className="account-section" aria-labelledby="my-orders">
      <h2 id="my-orders">{t('info.shop.myOrders')}</h2>
      <ul className="account-links" data-testid="orders">
        {orders.map((order) => (
          <li key={order.id}>
            <Link to="/exclusiveCard" search={{ order: order.id }}>
              <span>
                {order.order_no} · {t(`info.shop.${order.kind}`)}
              </span>
              <span className="order-status">{t(`server.${STATUS_TEXT_KEY[order.status]}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

type PaymentMethod = 'bank_transfer' | 'fps';

/** The order form's fields, and placing the order with the server. */
function useOrderForm(props: { kind: PhysicalKind; defaultName: string; onPlaced: (order: PhysicalOrder) => void }) {
  const form = useFormSubmit();
  const [nameOnCard, setNameOnCard] = useState(props.defaultName);
  const [quantity, setQuantity] = useState(1);
  const [recipient, setRecipient] = useState('');
  const [phone, setPhone] = useState('');
  const [address, setAddress] = useState('');
  const [payment, setPayment] = useState<PaymentMethod>('fps');

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      kind: props.kind,
      name_on_card: nameOnCard,
      quantity,
      recipient,
      phone,
      address,
      payment_method: payment,
    };
    void form.submit(cardApplyBodySchema, body, async (valid) => {
      const res = await physicalCardCalls.apply(valid);
      toast(res.msg, 'success');
      props.onPlaced(res.data);
    });
  };

  return {
    form,
    onSubmit,
    nameOnCard,
    setNameOnCard,
    quantity,
    setQuantity,
    recipient,
    setRecipient,
    phone,
    setPhone,
    address,
    setAddress,
    payment,
    setPayment,
  };
}

function OrderForm(props: { kind: PhysicalKind; defaultName: string; onPlaced: (order: PhysicalOrder) => void }) {
  const { t } = useTranslation();
  const online = useOnline();
  const order = useOrderForm(props);
  const { form } = order;
  const price = PHYSICAL_PRODUCTS[props.kind].price_hkd;

  return (
    <main className="page info-page">
      <h1>{t('info.shop.formTitle', { product: t(`info.shop.${props.kind}`) })}</h1>
      {online ? null : (
        <p className="account-notice" role="status">
          {t('info.shop.offline')}
        </p>
      )}
      <form onSubmit={order.onSubmit} noValidate className="form">
        <Field
          label={t('info.shop.nameOnCard')}
          value={order.nameOnCard}
          maxLength={40}
          error={form.errors.name_on_card}
          onChange={(e) => order.setNameOnCard(e.target.value)}
        />
        <QuantityField quantity={order.quantity} price={price} onChange={order.setQuantity} />
        <DeliveryFields order={order} />
        <PaymentChoice payment={order.payment} onChange={order.setPayment} />
        <p className="shop-total" aria-live="polite">
          {t('info.shop.total', { total: hkd(price * order.quantity) })}
        </p>
        <FormError message={form.formError} />
        <button type="submit" className="btn btn-primary btn-block" disabled={form.busy || !online}>
          {form.busy ? t('info.shop.placing') : t('info.shop.place')}
        </button>
        <Link to="/exclusiveCard" className="btn btn-ghost btn-block">
          {t('info.shop.back')}
        </Link>
      </form>
    </main>
  );
}

function QuantityField({
  quantity,
  price,
  onChange,
}: {
  quantity: number;
  price: number;
  onChange: (quantity: number) => void;
}) {
  const { t } = useTranslation();
  const quantityId = useId();
  return (
    <div className="field">
      <label htmlFor={quantityId}>{t('info.shop.quantity')}</label>
      <select id={quantityId} value={quantity} onChange={(e) => onChange(Number(e.target.value))}>
        {Array.from({ length: PHYSICAL_QUANTITY_MAX }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>
            {t('info.shop.quantityLabel', { count: n, price: hkd(price) })}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Where the cards go: recipient, phone and address. */
function DeliveryFields({ order }: { order: ReturnType<typeof useOrderForm> }) {
  const { t } = useTranslation();
  const { form } = order;
  return (
    <>
      <Field
        label={t('info.shop.recipient')}
        autoComplete="name"
        value={order.recipient}
        maxLength={80}
        error={form.errors.recipient}
        onChange={(e) => order.setRecipient(e.target.value)}
      />
      <Field
        label={t('info.shop.phone')}
        type="tel"
        autoComplete="tel"
        value={order.phone}
        error={form.errors.phone ? t('auth.errors.mobile') : undefined}
        onChange={(e) => order.setPhone(e.target.value)}
      />
      <TextAreaField
        label={t('info.shop.address')}
        rows={3}
        maxLength={300}
        autoComplete="street-address"
        value={order.address}
        error={form.errors.address}
        onChange={(e) => order.setAddress(e.target.value)}
      />
    </>
  );
}

function PaymentChoice({ payment, onChange }: { payment: PaymentMethod; onChange: (method: PaymentMethod) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="shop-pay">
      <legend>{t('info.shop.payBy')}</legend>
      {(['fps', 'bank_transfer'] as const).map((method) => (
        <label key={method}>
          <input
            type="radio"
            name="payment"
            value={method}
            checked={payment === method}
            onChange={() => onChange(method)}
          />{' '}
          {t(`info.shop.${method}`)}
        </label>
      ))}
    </fieldset>
  );
}

function OrderView({ order }: { order: PhysicalOrder }) {
  const { t } = useTranslation();
  const canProve = order.status === 'submitted' || order.status === 'proof_received';
  return (
    <main className="page info-page">
      <h1>{t('info.shop.orderTitle', { order: order.order_no })}</h1>
      <OrderSummary order={order} />
      {canProve ? <PaymentProof order={order} /> : null}
      {order.status === 'in_production' || order.status === 'shipped' || order.status === 'delivered' ? (
        <p className="muted">{t('info.shop.bindHint')}</p>
      ) : null}
      <OrderHistory order={order} />
      <Link to="/exclusiveCard" className="btn btn-ghost btn-block">
        {t('info.shop.allOrders')}
      </Link>
    </main>
  );
}

/** Where the order is now, what was ordered, its total, tracking and card numbers. */
function OrderSummary({ order }: { order: PhysicalOrder }) {
  const { t } = useTranslation();
  return (
    <section className="account-group order-summary" aria-label={t('info.shop.orderTitle', { order: order.order_no })}>
      <p className="order-status-now" data-testid="order-status">
        {t(`server.${STATUS_TEXT_KEY[order.status]}`)}
      </p>
      <p>
        {t(`info.shop.${order.kind}`)} ·{' '}
        {t('info.shop.quantityLabel', { count: order.quantity, price: hkd(order.unit_price_hkd) })}
      </p>
      <p className="shop-total">{t('info.shop.total', { total: hkd(order.total_hkd) })}</p>
      {order.tracking_no ? (
        <p data-testid="order-tracking">{t('info.shop.tracking', { tracking: order.tracking_no })}</p>
      ) : null}
      {order.card_no ? <p>{t('info.shop.cardNo', { no: order.card_no })}</p> : null}
    </section>
  );
}

/**
 * How to pay, and sending (or replacing) the proof of payment: kept on this device and queued at
 * once, offline too; the sync worker uploads it and sends the change naming it (sendProof).
 */
function PaymentProof({ order }: { order: PhysicalOrder }) {
  const { t } = useTranslation();
  const { busy, runTold } = useBusy();

  const upload = (file: File | undefined) =>
    runTold(async () => {
      if (!file) return;
      if (file.size > PHYSICAL_PROOF_MAX_BYTES) throw new Error(t('info.feedback.imageTooLarge', { mb: MB }));
      const proof = await stageFile(file, 'paymentProof');
      await enqueue('sendProof', { order_id: order.id, proof });
      toast(navigator.onLine ? t('server.orderProofReceived') : t('info.feedback.sentOffline'), 'success');
    });

  return (
    <section className="account-section" aria-labelledby="pay-title">
      <h2 id="pay-title">{t('info.shop.payTitle')}</h2>
      <PaymentInstructions order={order} />
      <h2>{t('info.shop.proofTitle')}</h2>
      <p className="muted">{t('info.shop.proofHint', { mb: MB })}</p>
      <label className={`btn btn-secondary btn-block${busy ? ' btn-disabled' : ''}`}>
        {busy ? t('info.shop.proofUploading') : order.proof ? t('info.shop.proofReplace') : t('info.shop.proofUpload')}
        <input
          type="file"
          accept="image/*"
          className="visually-hidden"
          disabled={busy}
          onChange={(e) => void upload(e.target.files?.[0])}
        />
      </label>
    </section>
  );
}

function OrderHistory({ order }: { order: PhysicalOrder }) {
  const { t } = useTranslation();
  return (
    <section className="account-section" aria-labelledby="order-history">
      <h2 id="order-history">{t('info.shop.history')}</h2>
      <ol className="order-history">
        {[...order.history].reverse().map((event) => (
          <li key={`${event.status}-${event.at}`}>
            <span className="order-history-status">{t(`server.${STATUS_TEXT_KEY[event.status]}`)}</span>
            <span className="muted">
              {formatTime(event.at)}
              {event.note ? ` · ${event.note}` : ''}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function PaymentInstructions({ order }: { order: PhysicalOrder }) {
  const { t } = useTranslation();
  const { bank_account, fps_id } = order.payment;
  const configured = order.payment_method === 'fps' ? fps_id : bank_account;
  if (!configured) return <p>{t('info.shop.payNotSet')}</p>;
  return (
    <div className="shop-instructions">
      <p>
        {order.payment_method === 'fps'
          ? t('info.shop.payFps', { total: hkd(order.total_hkd), id: fps_id })
          : t('info.shop.payBank', { total: hkd(order.total_hkd), account: bank_account })}
      </p>
      <p className="shop-reference">{t('info.shop.payReference', { order: order.order_no })}</p>
    </div>
  );
}
