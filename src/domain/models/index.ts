// The model catalogue of SPEC §3: entries, defaults, media rules and configuration cleaning.
export {
  isDemoModel,
  isModelOffered,
  type ModelAvailability,
  modelAvailability,
  type OfferedModel,
  offeredModel,
  type ProviderSetup,
} from "./availability.ts";
export { isKnownModelKey, MODELS, modelByKey, modelsByCategory, TEST_MODELS } from "./catalogue.ts";
export {
  type ClaudeEffort,
  type ClaudeThinkingRequest,
  type ClaudeThinkingRule,
  claudeThinkingRequest,
  claudeThinkingRule,
  hasClaudeThinkingRule,
} from "./claude-thinking.ts";
export {
  CONFIGURATION_KEY_OF,
  cleanModelsConfiguration,
  defaultModelsConfiguration,
  type ModelsConfiguration,
  type ModelsConfigurationKey,
} from "./configuration.ts";
export {
  DEFAULT_IMAGE_MODEL,
  DEFAULT_MODELS,
  FREE_MODEL_KEYS,
  FREE_MODELS,
  isFreeModel,
} from "./defaults.ts";
export { extensionOf, type FileDescriptor, type FileKind, fileKind } from "./media.ts";
export { isRetiredAt, providerModelAt, type Retirement, retirementOf } from "./retirement.ts";
export {
  acceptsFile,
  isImageOnlyInput,
  isMidjourney,
  isTextAndImageModel,
  modelsAcceptingFile,
  type RequestShape,
  readsDocuments,
  usageCategoryOf,
} from "./rules.ts";
export * from "./types.ts";
