// The typed client of the Student Success service (ARCHITECTURE.md): what the rest of the app imports.
export {
  createApiClient,
  type ApiClient,
  type ApiClientConfig,
  type ExpandableList,
  type Followed,
  type HrefValues,
  type Id,
  type ExpandedAlert,
  type ExpandedComment,
  type ExpandedDataInsight,
  type ExpandedEncouragement,
  type ExpandedFactorResult,
  type ExpandedUpdate,
  type CreateAlertInput,
  type CreateCommentInput,
  type CreateUpdateInput,
  type EditCategoryInput,
  type PatchTriggerInput,
  type ReplaceSuccessNetworkInput,
} from './client.ts';
export { ApiError, fieldErrors, gatewayFailure, isApiError, isNotFound, type ApiErrorKind, type GatewayFailure } from './errors.ts';
export type { Expanded } from './expand.ts';
export type { ExpandedPerson } from './schemas/index.ts';
export type { AccessTokenProvider, FetchLike, InvalidItem, Page, RequestOptions } from './http.ts';
export { isOwnHref, parseHref, pathOf, type HrefKind, type HrefTarget } from './links.ts';
export { isPartial, listAll, type AllValues, type ListAllOptions, type ListAllProgress, type PartialValues } from './paging.ts';
export type * from './params.ts';
export { createTokenProvider, requestToken, type TokenProvider, type TokenProviderOptions } from './token-provider.ts';
