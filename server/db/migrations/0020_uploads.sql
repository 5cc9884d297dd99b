-- Every file a user uploads, in one table: card photos (/api/card/upload), cloud card photos
-- (/api/ocr/upload), feedback images (/api/feedback/image) and company images and PDFs
-- (/api/user/companyUpload, companyPdfUpload), which were four tables of much the same shape.
-- A record says who uploaded the file (a card, a cloud card, a message or a company block may
-- name only its author's) and for what; the device's upload_id makes a replayed upload answer
-- the file stored the first time. Width and height are those of a stored image (unknown for
-- feedback and company images stored before this table); name is a PDF's file name.
create table uploads (
  url text primary key,
  user_id bigint not null references users (id),
  purpose text not null check (purpose in ('card', 'cloud', 'feedback', 'company_img', 'company_pdf')),
  upload_id text,
  side text check (side in ('front', 'back')),
  width integer,
  height integer,
  name text not null default '',
  size bigint not null default 0 check (size >= 0),
  created_at timestamptz not null default now()
);
create unique index uploads_upload on uploads (user_id, purpose, upload_id) where upload_id is not null;
create index uploads_user on uploads (user_id, purpose);

insert into uploads (url, user_id, purpose, upload_id, side, width, height, name, size, created_at)
select url, user_id, 'card', upload_id, side, width, height, '', 0, created_at from card_photos
union all
select url, user_id, 'cloud', upload_id, side, width, height, '', 0, created_at from cloud_photos
union all
select url, user_id, 'feedback', upload_id, null, null, null, '', 0, created_at from feedback_images
union all
select url, user_id, 'company_' || kind, null, null, null, null, name, size, created_at from company_uploads;

drop table card_photos;
drop table cloud_photos;
drop table feedback_images;
drop table company_uploads;
