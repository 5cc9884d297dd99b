import type { CompanyPdf } from '../../api';
import { companyCalls } from '../../clients/company';
import type { FileKind } from './media';

export type UploadResult = { kind: 'pdf'; url: string; pdf: CompanyPdf } | { kind: 'img'; url: string };

/**
 * Sends one picked file (multipart, 30 s) to companyPdfUpload or companyUpload. Silent: the
 * editor shows the failure beside the block, with the server's own reason when it gave one.
 */
export async function uploadCompanyFile(kind: FileKind, file: File): Promise<UploadResult> {
  if (kind === 'pdf') {
    const pdf = await companyCalls.uploadPdf(file);
    return { kind: 'pdf', url: pdf.url, pdf };
  }
  return { kind: 'img', url: (await companyCalls.uploadImage(file)).url };
}
