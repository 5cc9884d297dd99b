import { z } from 'zod';

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
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export type Config = z.infer<typeof envSchema>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Bad environment variable ${issue?.path.join('.')}: ${issue?.message}`);
  }
  return parsed.data;
}
