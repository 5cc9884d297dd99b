-- Feedback (src/api/feedback.ts): the device's id for each message (a message sent twice is kept
-- once), its images, and the app version, language and device it was sent from.
alter table feedback add column client_key text;
alter table feedback add column images jsonb not null default '[]'::jsonb;
alter table feedback add column app_version text not null default '';
alter table feedback add column language text not null default '';
alter table feedback add column device text not null default '';
create unique index feedback_client_key on feedback (user_id, client_key) where client_key is not null;

-- Images uploaded for feedback, each the caller's; an upload_id seen before answers the first.
create table feedback_images (
  url text primary key,
  user_id bigint not null references users (id),
  upload_id text,
  created_at timestamptz not null default now()
);
create unique index feedback_images_upload on feedback_images (user_id, upload_id) where upload_id is not null;
