-- What a session was signed in from (issue 23, item 27), so a user can tell their devices apart:
-- the browser and platform read from the User-Agent at sign-in, the IANA time zone the app sent
-- (there is no GeoIP database offline: the zone's city is "where", roughly), and the address
-- masked (203.0.113.*). Sessions from before this know none of it.
alter table auth_tokens add column browser text;
alter table auth_tokens add column platform text;
alter table auth_tokens add column time_zone text;
alter table auth_tokens add column address text;
