// How many of the API's schemas exist and how many were built so far (src/schema/lazySchema.ts):
// the extension exports the counts at the end of activation, and an integration test checks that
// none was built before anything was used.
export { lazySchemaCounts } from '../schema/lazySchema';
