-- Rate-limit counters shared by every server process (issue 26): a limit holds however many
-- processes a burst is spread over. The columns are rate-limiter-flexible's RateLimiterPostgres
-- table; `expire` is epoch milliseconds, null for never.
create table rate_limits (
  key varchar(255) primary key,
  points integer not null default 0,
  expire bigint
);
