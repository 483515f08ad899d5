-- Per-client rate limits on calls that cost the server something per request (an image or audio
-- captcha drawn and stored, a payment registered at the acquirer, a return request mailed):
-- every such call of a client address leaves a hit here (server/security/rate-limits.ts), and one
-- more than the limit within the window answers 429 until the oldest ages out. In the database,
-- not in memory, so every instance counts the same hits.
create table rate_limit_hits (
  bucket text not null,
  client_ip text not null,
  hit_at timestamptz not null
);
create index rate_limit_hits_client on rate_limit_hits (bucket, client_ip, hit_at);
