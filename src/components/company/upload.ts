import type { CompanyPdf } from '../../api';
import { stageFile } from '../../db/outbox';
import type { FileKind } from './media';

export type UploadResult = { kind: 'pdf'; url: string; pdf: CompanyPdf } | { kind: 'img'; url: string };

/**
 * Keeps one picked file on this device for the block that shows it (offline too): the block
 * holds its `local:` reference, and once the company is saved the sync worker uploads the file
 * (companyPdfUpload or companyUpload) and sends the blocks with its URL.
 */
export async function stageCompanyFile(kind: FileKind, file: File): Promise<UploadResult> {
  if (kind === 'pdf') {
    const url = await stageFile(file, 'companyPdf');
    return { kind: 'pdf', url, pdf: { url, name: file.name, size: file.size } };
  }
  return { kind: 'img', url: await stageFile(file, 'companyImage') };
}
