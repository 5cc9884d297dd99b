/**
 * Made-up business cards of seven kinds (see CARD_KINDS in ./common.ts) and the fields a perfect
 * extractor returns for each: the model the photo generator draws. Pure and deterministic from
 * the seed (no I/O), so the unit tests and the photos agree.
 */
import type { CardFields } from '../../src/api/cloud';
import { cnCard, cnenCard, hkCard, twCard } from './chinese';
import type { CardDraft, CardKind, CardModel, Rng } from './common';
import { enCard, sgCard } from './english';
import { euCard } from './europe';

export {
  CARD_KINDS,
  type CardAddress,
  type CardKind,
  type CardModel,
  type CardPhone,
  CHINESE_KINDS,
  createRng,
  type Rng,
} from './common';

const MAKERS: Record<CardKind, (rng: Rng) => CardDraft> = {
  hk: hkCard,
  en: enCard,
  cn: cnCard,
  cnen: cnenCard,
  tw: twCard,
  sg: sgCard,
  eu: euCard,
};

/** What a perfect extractor returns for the card (the rules: ./index.ts). */
export function truthOf(card: CardDraft): CardFields {
  return {
    // name: the Chinese name if any, else the Latin one; english_name: the Latin name beside a Chinese one.
    // A suffix printed after the name (', PhD') is in no field.
    name: card.chineseName || card.latinName,
    english_name: card.chineseName ? card.latinName : '',
    company: [...card.company],
    position: [...card.position],
    tel: card.phones.filter((p) => !p.fax).map((p) => p.international),
    email: [...card.email],
    website: [...card.website],
    address: card.address.map((a) => a.joined),
    other: [...card.phones.filter((p) => p.fax).map((p) => `Fax: ${p.international}`), ...card.slogans],
  };
}

/** The card with its truth made again from what it prints (after a layout dropped some of it). */
export function withTruth(card: CardDraft): CardModel {
  const { truth: _ignored, ...draft } = card as CardModel;
  return { ...draft, truth: truthOf(draft) };
}

/** The model of one card of `kind`, everything drawn from `rng`. */
export function makeCard(rng: Rng, kind: CardKind): CardModel {
  return withTruth(MAKERS[kind](rng));
}
