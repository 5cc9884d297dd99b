/** The parts of `vcf` (node-vcf) the tests use; the package ships no types. */
declare module 'vcf' {
  class Property {
    _field: string;
    group?: string;
    type?: string | string[];
    encoding?: string;
    value?: string;
    valueOf(): string;
  }
  class VCard {
    static parse(text: string): VCard[];
    version: string;
    data: Record<string, Property | Property[]>;
    get(key: string): Property | Property[] | undefined;
  }
  export default VCard;
}
