import { type CardFields, EMPTY_FIELDS, type ExtractOptions, type OcrLine } from './types';

/** Placeholder until the real extractor lands: every line as "other". */
export function extractFields(lines: readonly OcrLine[], _options: ExtractOptions): CardFields {
  return { ...EMPTY_FIELDS, other: lines.map((l) => l.text.trim()).filter((t) => t !== '') };
}
