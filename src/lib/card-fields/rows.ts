import type { CloudRow, CloudRowKey } from '../../api/cloud';
import { type CardFields, EMPTY_FIELDS } from './types';

const LIST_KEYS = ['company', 'position', 'tel', 'email', 'website', 'address', 'other'] as const;

/** A cloud card's extension rows of fields, in the order a card reads: name first, then the lists. */
export function rowsOfFields(fields: CardFields): CloudRow[] {
  const rows: CloudRow[] = [];
  const add = (key: CloudRowKey, value: string) => {
    if (value.trim() !== '') rows.push({ key, value: value.trim() });
  };
  add('name', fields.name);
  add('english_name', fields.english_name);
  for (const key of LIST_KEYS) for (const value of fields[key]) add(key, value);
  return rows;
}

/** The fields of extension rows; rows under labels the app does not know count as "other". */
export function fieldsOfRows(rows: readonly CloudRow[]): CardFields {
  const fields: CardFields = {
    ...EMPTY_FIELDS,
    company: [],
    position: [],
    tel: [],
    email: [],
    website: [],
    address: [],
    other: [],
  };
  for (const { key, value } of rows) {
    if (key === 'name' || key === 'english_name') {
      if (fields[key] === '') fields[key] = value;
      else fields.other.push(value);
    } else if ((LIST_KEYS as readonly string[]).includes(key)) {
      fields[key as (typeof LIST_KEYS)[number]].push(value);
    } else {
      fields.other.push(value);
    }
  }
  return fields;
}
