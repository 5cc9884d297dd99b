/**
 * Files picked offline (staged in the uploads table, named in a change's args by a local ref)
 * are uploaded before the change that names them is sent, and the change goes with their URLs.
 * Each upload carries its `upload_id`, so one sent again after a lost answer is stored once.
 */
import { cardEndpoints } from '../../src/api/card';
import { cloudEndpoints } from '../../src/api/cloud';
import { companyEndpoints } from '../../src/api/company';
import { feedbackEndpoints } from '../../src/api/feedback';
import { physicalCardEndpoints } from '../../src/api/physical-card';
import { profileEndpoints } from '../../src/api/user';
import type { CardbookDB, OutboxRow, Session, SyncNotice, UploadTarget } from '../../src/db/CardbookDB';
import { localRefs, replaceRefs, resolveRefs } from '../../src/db/uploads';
import { type Transport, Unauthorized } from './transport';

/** Where a kind of staged file is uploaded, and where its answer says the stored file's URL. */
type Destination = { path: string; urlOf: (data: { url?: unknown; avatar?: unknown }) => unknown };
const answeringUrl = (path: string): Destination => ({ path, urlOf: (data) => data.url });

/**
 * Each kind of file picked offline, by its upload call. Each takes `upload_id` and with it only
 * stores the file (a replay answers the file stored the first time); the change naming the URL
 * puts it in place.
 */
const DESTINATIONS: Record<UploadTarget, Destination> = {
  cardPhoto: answeringUrl(cardEndpoints.upload.path),
  cloudPhoto: answeringUrl(cloudEndpoints.upload.path),
  feedbackImage: answeringUrl(feedbackEndpoints.image.path),
  companyImage: answeringUrl(companyEndpoints.imageUpload.path),
  companyPdf: answeringUrl(companyEndpoints.pdfUpload.path),
  paymentProof: answeringUrl(physicalCardEndpoints.proof.path),
  avatar: { path: profileEndpoints.uploadAvatar.path, urlOf: (data) => data.avatar },
};

/** The server refused a file for good (too large, not an image): the change using it is rejected. */
class Refused extends Error {}

export type Uploader = ReturnType<typeof createUploader>;

export function createUploader({ db, transport }: { db: CardbookDB; transport: Transport }) {
  async function upload(session: Session, file: { id: string; blob: Blob; target: UploadTarget }): Promise<string> {
    const form = new FormData();
    form.append('upload_id', file.id);
    // A PDF is kept under its own name; a photo's name says nothing.
    form.append('file', file.blob, file.blob instanceof File && file.blob.name ? file.blob.name : 'photo');
    const destination = DESTINATIONS[file.target];
    const res = await transport.request(session, destination.path, { method: 'POST', body: form }, 'upload');
    if (res.status === 401) throw new Unauthorized();
    const json: unknown = await res.json().catch(() => null);
    const envelope = json as { code?: number; msg?: string; data?: { url?: unknown; avatar?: unknown } } | null;
    const url = envelope?.data ? destination.urlOf(envelope.data) : undefined;
    if (res.ok && typeof url === 'string') return url;
    if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) {
      throw new Refused(envelope?.msg ?? `HTTP ${res.status}`);
    }
    throw new Error(`upload: HTTP ${res.status}`);
  }

  /** Uploads the files a batch refers to and puts their URLs in; changes whose file was refused are set apart. */
  async function withFiles(session: Session, batch: OutboxRow[]): Promise<{ ready: OutboxRow[]; lost: SyncNotice[] }> {
    const ready: OutboxRow[] = [];
    const lost: SyncNotice[] = [];
    for (const entry of batch) {
      const refs = localRefs(entry.args);
      if (refs.length === 0) {
        ready.push(entry);
        continue;
      }
      try {
        const urls = await resolveRefs(db, refs, (file) => upload(session, file));
        if (urls) ready.push({ ...entry, args: replaceRefs(entry.args, urls) });
        else lost.push({ id: entry.id, name: entry.name, msg: '', key: 'fileMissing' });
      } catch (err) {
        if (!(err instanceof Refused)) throw err;
        lost.push({ id: entry.id, name: entry.name, msg: err.message });
      }
    }
    return { ready, lost };
  }

  return { withFiles };
}
