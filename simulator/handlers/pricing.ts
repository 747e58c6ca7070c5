// Price previews (endpoints 4 and 5).
import type { endpoints } from '../../src/schema/endpoints';
import { refused } from '../errors';
import { PriceRefusal, instancePrice, loadBalancerPrice } from '../pricing';
import type { Handler } from './types';

export const previewInstancePrice: Handler<typeof endpoints.previewInstancePrice> = ({ params, body }, { options }) => {
  try {
    return instancePrice({ projectId: params.project_id, regionId: params.region_id, hidePricesProjectId: options.hidePricesProjectId }, body);
  } catch (error) {
    if (error instanceof PriceRefusal) throw refused('body', error.field, error.message);
    throw error;
  }
};

export const previewLoadBalancerPrice: Handler<typeof endpoints.previewLoadBalancerPrice> = ({ params, body }, { options }) =>
  loadBalancerPrice({ projectId: params.project_id, regionId: params.region_id, hidePricesProjectId: options.hidePricesProjectId }, body);
