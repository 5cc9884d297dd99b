/**
 * The one field extractor: recognized lines of a business card (text, boxes, sizes) → card
 * fields. Used by the OCR worker, `npm run ocr` and the server's recognition pool.
 */
export { extractFields } from './extract';
export { fieldsOfRows, rowsOfFields } from './rows';
export { detectChineseScript } from './script';
export { type Box, type CardFields, EMPTY_FIELDS, type ExtractOptions, type OcrLine } from './types';
