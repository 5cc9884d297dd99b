import { join } from 'node:path';
import { z } from 'zod';
import type { OAuthClientConfig } from './oauth/authorization-server';
import type { PushConfig } from './push/setup';
import type { ThirdPartyConfig } from './security/third-party-clients';

/** Every setting comes from the environment; the README lists them with these defaults. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//)
    .optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Cardbook <no-reply@cardbook.local>'),
  STATIC_DIR: z.string().default('./dist'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/\s?#]+\/?$/, 'an origin such as https://cardbook.example')
    .transform((v) => v.replace(/\/$/, ''))
    .optional(),
  MQTT_TOPIC_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/, 'topic levels of letters, digits, _ and -')
    .default('cardbook'),
  MQTT_URL: z
    .string()
    .regex(/^(mqtts?|wss?):\/\//, 'mqtt://, mqtts://, ws:// or wss://')
    .optional(),
  MQTT_WS_URL: z
    .string()
    .regex(/^wss?:\/\//, 'ws:// or wss://')
    .optional(),
  MQTT_ADMIN_USERNAME: z.string().default('cardbook-admin'),
  MQTT_ADMIN_PASSWORD: z.string().optional(),
  EXCHANGE_ROOM_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(120),
  EXCHANGE_ROOM_MAX: z.coerce.number().int().min(2).max(100_000).default(2000),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_AUTHORIZATION_URL: z.string().url().default('https://www.facebook.com/v21.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: z.string().url().default('https://graph.facebook.com/v21.0/oauth/access_token'),
  FACEBOOK_PROFILE_URL: z.string().url().default('https://graph.facebook.com/v21.0/me?fields=id,name,email'),
  FACEBOOK_SCOPE: z.string().default('public_profile email'),
  OAUTH_CLIENTS: z.string().optional(),
  PAYMENT_BANK_ACCOUNT: z.string().max(200).default(''),
  PAYMENT_FPS_ID: z.string().max(100).default(''),
  POLICY_DIR: z.string().optional(),
  PRODUCTION_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  MAIN_SITE_URL: z.string().default(''),
  // A number of proxies: the client is the address the outermost of them saw (X-Forwarded-For
  // entries further left are the client's own say, which anyone can write). `true` believes them all.
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2})$/, 'true, false or a number of proxies')
    .default('false')
    .transform((v): boolean | number => (v === 'true' ? true : v === 'false' || v === '0' ? false : Number(v))),
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).max(1_000_000).optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
});

export type Config = z.infer<typeof envSchema>;

/** The push settings buildApp takes: the embedded broker unless MQTT_URL names an external one. */
export function pushConfig(config: Config): PushConfig {
  if (!config.MQTT_URL) return { prefix: config.MQTT_TOPIC_PREFIX, external: null };
  if (!config.MQTT_ADMIN_PASSWORD) throw new Error('MQTT_URL needs MQTT_ADMIN_PASSWORD (the broker admin account)');
  return {
    prefix: config.MQTT_TOPIC_PREFIX,
    external: {
      url: config.MQTT_URL,
      username: config.MQTT_ADMIN_USERNAME,
      password: config.MQTT_ADMIN_PASSWORD,
      wsUrl: config.MQTT_WS_URL ?? null,
    },
  };
}

/** Google (OpenID Connect) and Facebook (OAuth 2 and a profile URL), each when its client is set. */
export function thirdPartyConfig(config: Config): ThirdPartyConfig {
  const result: ThirdPartyConfig = {};
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    result.google = {
      protocol: 'oidc',
      issuer: config.GOOGLE_ISSUER,
      clientId: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
      scope: 'openid email profile',
    };
  }
  if (config.FACEBOOK_CLIENT_ID && config.FACEBOOK_CLIENT_SECRET) {
    result.facebook = {
      protocol: 'oauth2',
      authorizationUrl: config.FACEBOOK_AUTHORIZATION_URL,
      tokenUrl: config.FACEBOOK_TOKEN_URL,
      profileUrl: config.FACEBOOK_PROFILE_URL,
      clientId: config.FACEBOOK_CLIENT_ID,
      clientSecret: config.FACEBOOK_CLIENT_SECRET,
      scope: config.FACEBOOK_SCOPE,
    };
  }
  return result;
}

const oauthClientsSchema = z.array(
  z
    .object({
      client_id: z.string().min(1).max(200),
      client_secret: z.string().min(16).optional(),
      client_name: z.string().min(1).max(100),
      redirect_uris: z.array(z.string().url()).min(1),
      application_type: z.enum(['web', 'native']).optional(),
    })
    .strict(),
);

/** OAUTH_CLIENTS: the apps that may ask users to read their card, as a JSON array (README). */
export function oauthClients(config: Config): OAuthClientConfig[] {
  if (!config.OAUTH_CLIENTS) return [];
  let json: unknown;
  try {
    json = JSON.parse(config.OAUTH_CLIENTS);
  } catch {
    throw new Error('Bad environment variable OAUTH_CLIENTS: not JSON');
  }
  const parsed = oauthClientsSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Bad environment variable OAUTH_CLIENTS: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  return parsed.data;
}

/** Where the operators' command finds the running server. */
export function operatorSocketPath(config: Config): string {
  return join(config.DATA_DIR, 'operator.sock');
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Bad environment variable ${issue?.path.join('.')}: ${issue?.message}`);
  }
  return parsed.data;
}
