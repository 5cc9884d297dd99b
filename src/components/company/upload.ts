import { type CompanyPdf, companyImageResponseSchema, companyPdfResponseSchema } from '../../api';
import { api } from '../../clients/api';
import type { FileKind } from './media';

export type UploadResult = { kind: 'pdf'; url: string; pdf: CompanyPdf } | { kind: 'img'; url: string };

/**
 * Sends one picked file (multipart, 30 s) to companyPdfUpload or companyUpload. Silent: the
 * editor shows the failure beside the block, with the server's own reason when it gave one.
 */
export async function uploadCompanyFile(kind: FileKind, file: File): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  if (kind === 'pdf') {
    const res = await api.upload('/api/user/companyPdfUpload', form, {
      schema: companyPdfResponseSchema,
      silent: true,
    });
    return { kind: 'pdf', url: res.data.url, pdf: res.data };
  }
  const res = await api.upload('/api/user/companyUpload', form, { schema: companyImageResponseSchema, silent: true });
  return { kind: 'img', url: res.data.url };
}
