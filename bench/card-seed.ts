import type { Queryable } from '../server/db/db';

/**
 * Generates `count` public cards in SQL (generate_series, a handful of statements, not a request
 * per card): a user each, a Chinese and an English name, a company with a position, an
 * industry and a share key, and the search text the server would have written for them.
 * Values come from small pools indexed by the user id, so names and companies repeat as they
 * do in life (a surname is shared by about one card in thirty).
 */
const SURNAMES = [
  '陳',
  '李',
  '張',
  '黃',
  '何',
  '林',
  '周',
  '吳',
  '劉',
  '梁',
  '鄭',
  '謝',
  '郭',
  '羅',
  '馮',
  '曾',
  '蔡',
  '許',
  '鄧',
  '蕭',
  '葉',
  '盧',
  '潘',
  '袁',
  '歐陽',
  '司徒',
  '麥',
  '文',
  '關',
  '莫',
];
const GIVEN = [
  '大',
  '小',
  '家',
  '志',
  '美',
  '嘉',
  '俊',
  '詠',
  '子',
  '偉',
  '嘉',
  '淑',
  '國',
  '建',
  '思',
  '浩',
  '樂',
  '天',
  '凱',
  '穎',
];
const GIVEN2 = [
  '文',
  '明',
  '輝',
  '儀',
  '強',
  '欣',
  '豪',
  '琪',
  '軒',
  '樂',
  '玲',
  '華',
  '賢',
  '恩',
  '聰',
  '婷',
  '翔',
  '晴',
  '誠',
  '怡',
];
const FIRST = [
  'Peter',
  'Mary',
  'John',
  'Alice',
  'Tom',
  'Karen',
  'Kelvin',
  'Winnie',
  'Jason',
  'Cathy',
  'Eric',
  'Joyce',
  'Ivan',
  'Vivian',
  'Sammy',
  'Gigi',
  'Kenneth',
  'Fiona',
  'Raymond',
  'Iris',
];
const LAST = [
  'Chan',
  'Lee',
  'Cheung',
  'Wong',
  'Ho',
  'Lam',
  'Chow',
  'Ng',
  'Lau',
  'Leung',
  'Cheng',
  'Tse',
  'Kwok',
  'Law',
  'Fung',
  'Tsang',
  'Choi',
  'Hui',
  'Tang',
  'Siu',
];
const COMPANIES = [
  '匯豐銀行',
  'Acme Trading Ltd',
  '長江實業',
  'Cathay Pacific',
  '香港電訊',
  'Octopus Cards',
  '新鴻基地產',
  'Sun Hung Kai',
  '港鐵公司',
  'Swire Properties',
  '恒生銀行',
  'Jardine Matheson',
  '九龍倉',
  'Li & Fung',
  '電訊盈科',
  'Hang Lung Group',
  '中華電力',
  'Kerry Logistics',
  '東亞銀行',
  'Shangri-La Hotels',
];
const POSITIONS = [
  'Manager',
  '經理',
  'Director',
  '總監',
  'Engineer',
  '工程師',
  'Designer',
  '設計師',
  'Sales Executive',
  '銷售代表',
  'Accountant',
  '會計師',
  'Consultant',
  '顧問',
  'Founder',
  '創辦人',
];
const INDUSTRIES = [
  'Finance',
  '金融',
  'Retail',
  '零售',
  'Logistics',
  '物流',
  'Property',
  '地產',
  'Technology',
  '科技',
  'Aviation',
  '航空',
  'Hospitality',
  '酒店',
];

const pick = (pool: string[], index: string) =>
  `(array[${pool.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}])[1 + (${index}) % ${pool.length}]`;

/** The generated fields of the card of user `id` (an SQL expression of it). */
function fields(id: string): string {
  return `select
    ${pick(SURNAMES, id)} || ${pick(GIVEN, `${id} / 30`)} || ${pick(GIVEN2, `${id} / 600`)} as name,
    ${pick(FIRST, `${id} / 7`)} || ' ' || ${pick(LAST, `${id} / 3`)} as english_name,
    ${pick(COMPANIES, `${id} / 11`)} as company,
    ${pick(POSITIONS, `${id} / 13`)} as position,
    ${pick(INDUSTRIES, `${id} / 17`)} as industry`;
}

export async function seedPublicCards(q: Queryable, count: number): Promise<void> {
  await q.query(
    `insert into users (full_name, profile) select 'bench card ' || g, 'bench-seed' from generate_series(1, $1) g`,
    [count],
  );
  await q.query(
    `insert into cards (user_id, is_open, name, english_name, search_text)
     select u.id, true, f.name, f.english_name,
       lower(concat_ws(chr(10), f.name, f.english_name, f.company, f.position, f.industry))
     from users u cross join lateral (${fields('u.id')}) f
     where u.profile = 'bench-seed' and not exists (select 1 from cards c where c.user_id = u.id)`,
  );
  await q.query(
    `insert into card_extensions (card_id, kind, position, label, content, detail)
     select c.id, x.kind, 0, x.kind, x.content, x.detail
     from cards c join users u on u.id = c.user_id and u.profile = 'bench-seed'
     cross join lateral (${fields('c.user_id')}) f
     cross join lateral (values
       ('company', f.company, jsonb_build_object('department', '', 'position', f.position)),
       ('industry', f.industry, '{}'::jsonb)) as x (kind, content, detail)
     where not exists (select 1 from card_extensions e where e.card_id = c.id)`,
  );
  await q.query(
    `insert into card_share_keys (share_key, card_id)
     select 'bench' || c.id, c.id from cards c join users u on u.id = c.user_id and u.profile = 'bench-seed'
     on conflict do nothing`,
  );
  // What autovacuum would do on PostgreSQL after such a load (PGlite has no autovacuum).
  await q.query('analyze users, cards, card_extensions, card_share_keys');
}

/** Keywords as people type them, from the pools above: names, companies, positions, industries. */
export const SEARCH_KEYWORDS = [
  '陳大文',
  '美玲',
  '歐陽',
  '陳',
  'kelvin',
  'peter chan',
  'wong',
  '匯豐',
  'cathay pacific',
  '工程師',
  'director',
  '金融',
  'logistics',
  'nobody here',
];
