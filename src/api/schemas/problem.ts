import { z } from 'zod';

/** RFC 9457 problem details, the body of every API error (decisions §5). */
export const ProblemFieldErrorSchema = z.looseObject({
  in: z.enum(['query', 'path', 'body', 'header']),
  name: z.string(),
  message: z.string(),
});
export type ProblemFieldError = z.infer<typeof ProblemFieldErrorSchema>;

export const ProblemSchema = z.looseObject({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  instance: z.string().optional(),
  errors: z.array(ProblemFieldErrorSchema).optional(),
});
export type Problem = z.infer<typeof ProblemSchema>;

/** RFC 6749 §5.2 error body of the token endpoint. */
export const OAuthErrorSchema = z.looseObject({
  error: z.enum(['invalid_request', 'invalid_client', 'unsupported_grant_type', 'invalid_grant', 'unauthorized_client', 'invalid_scope']),
  error_description: z.string().optional(),
});
export type OAuthError = z.infer<typeof OAuthErrorSchema>;

export const TokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().int().positive(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;
