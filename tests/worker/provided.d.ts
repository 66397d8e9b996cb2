// Values the global setups provide (tests/setup/*.ts declare them too; those files are typed for Node).
declare module "vitest" {
  export interface ProvidedContext {
    upstreamControl: string;
    upstreamEnv: string;
    stripeApiBase: string;
    mailApiUrl: string;
    mailApiKey: string;
    mailControl: string;
  }
}

export {};
