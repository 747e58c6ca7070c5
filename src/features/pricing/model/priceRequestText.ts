// "Copy Request as JSON" and "Copy as curl": the request a preview sends, with the key shown as
// the shell variable $PLATFORM_API_KEY, never its value.
import type { Dialect } from '../../../schema/dialect';
import { pathIn } from '../../../schema/endpoint';
import { instancePriceEndpoint, loadBalancerPriceEndpoint } from '../../../schema/pricing';
import type { PriceTab } from '../../../protocol/pricing';

export const API_KEY_VARIABLE = '$PLATFORM_API_KEY';

export interface PriceRequestCall {
  tab: PriceTab;
  /** The base URL of the connection's cloud area. */
  baseUrl: string;
  /** The connection's dialect (the pricing paths are the same in both today). */
  dialect?: Dialect;
  params: { project_id: number; region_id: number };
  body: unknown;
}

export function priceRequestPath(tab: PriceTab, params: PriceRequestCall['params'], dialect: Dialect = 'spec'): string {
  const template = pathIn(tab === 'instances' ? instancePriceEndpoint : loadBalancerPriceEndpoint, dialect);
  return template.replace('{project_id}', String(params.project_id)).replace('{region_id}', String(params.region_id));
}

export function priceRequestUrl(call: PriceRequestCall): string {
  return `${call.baseUrl.replace(/\/+$/, '')}${priceRequestPath(call.tab, call.params, call.dialect)}`;
}

/** The body, pretty-printed. */
export function requestJson(call: PriceRequestCall): string {
  return `${JSON.stringify(call.body, null, 2)}\n`;
}

/** POSIX shell single quoting: 'it'\''s'. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A curl command; the header is double-quoted so the shell expands $PLATFORM_API_KEY. */
export function requestCurl(call: PriceRequestCall): string {
  return (
    [
      `curl -X POST ${shellQuote(priceRequestUrl(call))}`,
      `  -H "Authorization: apikey ${API_KEY_VARIABLE}"`,
      `  -H 'Content-Type: application/json'`,
      `  --data-raw ${shellQuote(JSON.stringify(call.body))}`,
    ].join(' \\\n') + '\n'
  );
}
