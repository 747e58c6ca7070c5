// Storage deletion (endpoint 7): gone for good, so a second delete is a 404.
import type { endpoints } from '../../src/schema/endpoints';
import { notFound } from '../errors';
import type { Handler } from './types';

export const deleteStorage: Handler<typeof endpoints.deleteStorage> = ({ params }, { state }) => {
  if (!state.storages.delete(params.storage_id)) throw notFound(`storage ${params.storage_id} not found`);
  return undefined;
};
