// Cloud reads: where things run (projects and regions, so a model picks ids instead of guessing)
// and the two price previews, each request checked by the client's own schema.
import * as z from 'zod';
import { endpoints } from '../../../schema/endpoints';
import { connectionField, defineTool, type AgentBinding } from './toolKit';
import { BODY_MAX, LIST_MAX, nameOf, withData } from './toolAnswers';
import { jsonLine, quoted as q } from './platformText';

const opts = (b: AgentBinding) => ({ signal: b.signal });
const location = () => endpoints.previewInstancePrice.params.shape;

export const listCloudLocations = defineTool({
  name: 'list_cloud_locations',
  referenceName: 'platformLocations',
  displayName: 'List Projects and Regions',
  userDescription: 'The cloud projects and regions, with their ids',
  modelDescription: `Lists the account's cloud projects (id, name, default) and regions (id, display name, country, state), at most ${LIST_MAX} of each. Use it to find the project_id and region_id that read_function_logs, the price previews and add_schedules need; "name" narrows the projects, "region" the regions (substring).`,
  kind: 'read',
  input: () =>
    z.strictObject({
      ...connectionField,
      name: endpoints.listProjects.query.shape.name.describe('Only projects whose name contains this text'),
      region: endpoints.listRegions.query.shape.display_name.describe('Only regions whose display name contains this text'),
    }),
  run: async (b, { name, region }) => {
    const missing = "This server has no list of projects and regions (it speaks only the spec's API). Ask the person for the project and region ids.";
    if (b.lists.isMissing('listProjects') || b.lists.isMissing('listRegions')) return missing;
    let projects, regions;
    try {
      [projects, regions] = await Promise.all([
        b.api.cloud.listProjects({ params: {}, query: { name, limit: LIST_MAX } }, opts(b)),
        b.api.cloud.listRegions({ params: {}, query: { display_name: region, limit: LIST_MAX } }, opts(b)),
      ]);
    } catch (error) {
      // The connection remembers which list its server lacks (the pickers then ask for typed ids too).
      if (b.lists.noteMissing('listProjects', error) || b.lists.noteMissing('listRegions', error)) return missing;
      throw error;
    }
    const count = (shown: number, total: number | null | undefined) => (total && total > shown ? `${shown} of ${total}` : `${shown}`);
    const p = projects.results.map(
      (x) => `- project ${x.id}: ${x.name ? q(x.name) : '(no name)'}${x.is_default ? ' (default)' : ''}${x.state ? ` · ${q(x.state)}` : ''}`,
    );
    const r = regions.results.map(
      (x) =>
        `- region ${x.id}: ${x.display_name || x.slug ? q((x.display_name ?? x.slug)!) : '(no name)'}${x.country ? ` · ${q(x.country)}` : ''}${x.state ? ` · ${q(x.state)}` : ''}`,
    );
    // Two blocks of data, each within half the answer.
    const half = Math.floor(BODY_MAX / 2);
    const projectsPart = p.length
      ? withData({ head: `Projects on ${nameOf(b.connectionName)} (${count(p.length, projects.count)}):`, source: 'list_cloud_locations', data: p, max: half })
      : `Projects on ${nameOf(b.connectionName)}: none.`;
    const regionsPart = r.length
      ? withData({ head: `Regions (${count(r.length, regions.count)}):`, source: 'list_cloud_locations', data: r, max: half })
      : 'Regions: none.';
    return `${projectsPart}\n${regionsPart}`;
  },
});

const money = (n: number | null | undefined, currency: string | null | undefined) => (n === null || n === undefined ? '?' : `${n} ${currency ?? ''}`.trim());

type Price = z.output<typeof endpoints.previewLoadBalancerPrice.response> | z.output<typeof endpoints.previewInstancePrice.response>;
const priceInput = <B extends z.ZodType>(body: B, what: string) =>
  z.strictObject({
    ...connectionField,
    project_id: location().project_id.describe('The project id'),
    region_id: location().region_id.describe('The region id'),
    request: body.describe(what),
  });

/** "Price of … (nothing created):" then, as the platform's data, "36.71 EUR per month, 0.051 EUR per hour (price status show)" and the details. */
function priceAnswer(
  b: AgentBinding,
  source: string,
  what: string,
  where: { project_id: number; region_id: number },
  p: Price,
  details: Record<string, unknown>,
): string {
  const status = p.price_status ? ` (price status ${p.price_status})` : '';
  return withData({
    head: `Price of ${what} in project ${where.project_id}, region ${where.region_id} on ${nameOf(b.connectionName)} (nothing created):`,
    source,
    data: [
      `${money(p.total_price_per_month, p.currency_code)} per month, ${money(p.total_price_per_hour, p.currency_code)} per hour${status}.`,
      `details: ${jsonLine({ per_month: p.per_month, per_hour: p.per_hour, discount_percent: p.discount_percent, tax_percent: p.tax_percent, ...details })}`,
    ],
  });
}

export const previewInstancePrice = defineTool({
  name: 'preview_instance_price',
  referenceName: 'platformInstancePrice',
  displayName: 'Preview Instance Price',
  userDescription: 'What instances of a flavor, with interfaces and volumes, would cost',
  modelDescription:
    'Previews the price of cloud instances before creating them: total per month and per hour, the breakdown (flavor, external IP, floating IP, volumes), discount and tax. "request" is the platform\'s price request: flavor (e.g. "g1-standard-2-4"), interfaces (at least [{"type":"external"}]), names (one per instance) or name_templates, volumes (source new-volume|image|snapshot, size in GiB, type_name). Nothing is created. Use list_cloud_locations for project and region ids.',
  kind: 'read',
  input: () => priceInput(endpoints.previewInstancePrice.body, 'The price request: flavor, interfaces, names or name_templates, volumes'),
  run: async (b, { project_id, region_id, request }) => {
    const p = await b.api.pricing.previewInstancePrice({ params: { project_id, region_id }, body: request }, opts(b));
    return priceAnswer(b, 'preview_instance_price', `${p.vm_count ?? '?'} instance(s) of ${q(request.flavor)}`, { project_id, region_id }, p, {
      price_without_discount_per_month: p.price_without_discount_per_month,
    });
  },
});

export const previewLoadBalancerPrice = defineTool({
  name: 'preview_load_balancer_price',
  referenceName: 'platformLoadBalancerPrice',
  displayName: 'Preview Load Balancer Price',
  userDescription: 'What a load balancer of a flavor would cost',
  modelDescription:
    'Previews the price of a load balancer before creating it: total per month and per hour, the breakdown, discount and tax. "request" is the platform\'s request: flavor (e.g. "lb1-1-2"), optional floating_ip ({"source":"new"}), vip_ip_family (dual|ipv4|ipv6), vip_network_id or vip_port_id (not both), vip_subnet_id (only with a network). Nothing is created.',
  kind: 'read',
  input: () => priceInput(endpoints.previewLoadBalancerPrice.body, 'The price request: flavor, floating_ip, vip_* fields'),
  run: async (b, { project_id, region_id, request }) => {
    const p = await b.api.pricing.previewLoadBalancerPrice({ params: { project_id, region_id }, body: request }, opts(b));
    return priceAnswer(b, 'preview_load_balancer_price', `a ${q(request.flavor)} load balancer`, { project_id, region_id }, p, {});
  },
});
